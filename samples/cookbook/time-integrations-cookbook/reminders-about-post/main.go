// Создаёт напоминание о существующем сообщении через API плагина Reminder и выводит напоминания команды.
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

// Маршруты плагина отсчитываются от корня сервера, а не от /api/v4.
const reminderAPI = "/plugins/ru.tinkoff.time.reminder-plugin/v1/reminders"

var (
	serverURL   = strings.TrimRight(env("SERVER_URL"), "/")
	accessToken = env("ACCESS_TOKEN")
	httpClient  = &http.Client{Timeout: 30 * time.Second}
)

type channel struct {
	ID     string `json:"id"`
	TeamID string `json:"team_id"`
}

func env(name string) string {
	value := os.Getenv(name)
	if value == "" {
		log.Fatalf("Задайте переменную окружения %s", name)
	}
	return value
}

// api выполняет запрос к серверу и разбирает ответ в out (nil — ответ без тела).
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
	req, err := http.NewRequest(method, serverURL+path, reader)
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
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			log.Fatalf("Не удалось разобрать ответ: %v", err)
		}
	}
}

func channelByName(teamName, channelName string) channel {
	var c channel
	api("GET", "/api/v4/teams/name/"+url.PathEscape(teamName)+"/channels/name/"+url.PathEscape(channelName), nil, &c)
	return c
}

func main() {
	log.SetFlags(0)
	teamName := env("TEAM_NAME")
	channelName := env("CHANNEL_NAME")
	postID := env("POST_ID")
	remindAt := env("REMIND_AT")

	// 1. Канал сообщения и его команда.
	c := channelByName(teamName, channelName)

	// 2. Напоминание о сообщении POST_ID; note и root_id необязательны.
	body := map[string]string{"team_id": c.TeamID, "channel_id": c.ID, "post_id": postID, "scheduled_at": remindAt}
	if note := os.Getenv("REMIND_NOTE"); note != "" {
		body["note"] = note
	}
	if rootID := os.Getenv("ROOT_ID"); rootID != "" {
		body["root_id"] = rootID
	}
	var result struct {
		Status string `json:"status"`
	}
	api("POST", reminderAPI+"/exists-post/create", body, &result)
	fmt.Printf("Напоминание о сообщении %s на %s: status=%s\n", postID, remindAt, result.Status)

	// 3. Напоминания о сообщениях в команде.
	var listed struct {
		Data []struct {
			ID          string `json:"id"`
			PostID      string `json:"post_id"`
			Note        string `json:"note"`
			ScheduledAt string `json:"scheduled_at"`
		} `json:"data"`
	}
	api("GET", reminderAPI+"/exists-post/list?team_id="+url.QueryEscape(c.TeamID), nil, &listed)
	fmt.Printf("Напоминаний о сообщениях в команде: %d\n", len(listed.Data))
	for _, item := range listed.Data {
		fmt.Printf("- %s: %s, сообщение %s, «%s»\n", item.ID, item.ScheduledAt, item.PostID, item.Note)
	}
}
