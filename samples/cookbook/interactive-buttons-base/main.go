// Публикует в канал сообщение с меню и кнопками и печатает идентификатор сообщения.
package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/url"
	"os"
	"strings"
	"time"
)

const release = "1452"

var (
	serverURL   = strings.TrimRight(env("SERVER_URL"), "/")
	accessToken = env("ACCESS_TOKEN")
	httpClient  = &http.Client{Timeout: 30 * time.Second}
)

func env(name string) string {
	value := os.Getenv(name)
	if value == "" {
		log.Fatalf("Задайте переменную окружения %s", name)
	}
	return value
}

// api выполняет запрос к REST API v4 и разбирает ответ в out.
// При ответе не 2xx печатает ошибку сервера и завершает программу.
func api(method, path string, body, out any) {
	var reader io.Reader
	if body != nil {
		data, err := json.Marshal(body)
		if err != nil {
			log.Fatalf("Не удалось подготовить запрос: %v", err)
		}
		reader = bytes.NewReader(data)
	}
	req, err := http.NewRequest(method, serverURL+"/api/v4"+path, reader)
	if err != nil {
		log.Fatalf("Неверный запрос: %v", err)
	}
	req.Header.Set("Authorization", "Bearer "+accessToken)
	req.Header.Set("Content-Type", "application/json")
	resp, err := httpClient.Do(req)
	if err != nil {
		log.Fatalf("Ошибка %s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		log.Fatalf("Ошибка чтения ответа: %v", err)
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		log.Fatalf("Ошибка %s %s: HTTP %d: %s", method, path, resp.StatusCode, data)
	}
	if err := json.Unmarshal(data, out); err != nil {
		log.Fatalf("Не удалось разобрать ответ: %v", err)
	}
}

// context вернётся приёмнику при нажатии. Клиенты Time его не видят, поэтому в нём можно передать секрет.
func context(action, secret string) map[string]string {
	return map[string]string{"action": action, "release": release, "env": "staging", "secret": secret}
}

func main() {
	log.SetFlags(0)
	teamName := env("TEAM_NAME")
	channelName := env("CHANNEL_NAME")
	actionURL := env("ACTION_URL")
	secret := env("ACTION_SECRET")

	// 1. Канал по имени команды и имени канала.
	var channel struct {
		ID   string `json:"id"`
		Name string `json:"name"`
	}
	api("GET", "/teams/name/"+url.PathEscape(teamName)+"/channels/name/"+url.PathEscape(channelName), nil, &channel)
	fmt.Printf("Канал %s: id=%s\n", channel.Name, channel.ID)

	// 2. Сообщение с вложением: меню выбора окружения и две кнопки.
	body := map[string]any{
		"channel_id": channel.ID,
		"message":    "Сборка **" + release + "** готова к выкладке.",
		"props": map[string]any{
			"attachments": []map[string]any{{
				"fallback": "Выкладка сборки " + release + ": нужно решение",
				"color":    "#2f81f7",
				"title":    "Выкладка сборки " + release,
				"text":     "Выберите окружение, затем одобрите или отклоните выкладку.",
				"fields":   []map[string]any{{"short": true, "title": "Окружение", "value": "staging"}},
				"actions": []map[string]any{
					{
						"id": "env", "name": "Окружение", "type": "select", "default_option": "staging",
						"options": []map[string]string{
							{"text": "staging", "value": "staging"},
							{"text": "production", "value": "production"},
						},
						"integration": map[string]any{"url": actionURL, "context": context("env", secret)},
					},
					{
						"id": "approve", "name": "Одобрить", "type": "button", "style": "success",
						"integration": map[string]any{"url": actionURL, "context": context("approve", secret)},
					},
					{
						"id": "reject", "name": "Отклонить", "type": "button", "style": "danger",
						"integration": map[string]any{"url": actionURL, "context": context("reject", secret)},
					},
				},
			}},
		},
	}
	var post struct {
		ID string `json:"id"`
	}
	api("POST", "/posts", body, &post)
	fmt.Printf("Сообщение с кнопками опубликовано: id=%s\n", post.ID)
}
