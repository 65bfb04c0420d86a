// Выполняет slash-команду в канале так, как если бы пользователь ввёл её сам, и печатает ответ сервиса.
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

var (
	serverURL   = strings.TrimRight(env("SERVER_URL"), "/")
	accessToken = env("ACCESS_TOKEN")
	httpClient  = &http.Client{Timeout: 60 * time.Second}
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

func main() {
	log.SetFlags(0)
	teamName := env("TEAM_NAME")
	channelName := env("CHANNEL_NAME")
	commandLine := env("COMMAND_LINE")

	// 1. Канал, в котором выполняется slash-команда.
	var channel struct {
		ID     string `json:"id"`
		Name   string `json:"name"`
		TeamID string `json:"team_id"`
	}
	api("GET", "/teams/name/"+url.PathEscape(teamName)+"/channels/name/"+url.PathEscape(channelName), nil, &channel)
	fmt.Printf("Канал %s: id=%s\n", channel.Name, channel.ID)

	// 2. Выполнение: сервер Time вызывает сервис slash-команды и возвращает его ответ.
	var result struct {
		ResponseType string `json:"response_type"`
		Text         string `json:"text"`
	}
	api("POST", "/commands/execute", map[string]string{
		"channel_id": channel.ID,
		"team_id":    channel.TeamID,
		"command":    commandLine,
	}, &result)
	if result.ResponseType == "" {
		result.ResponseType = "ephemeral"
	}
	fmt.Printf("Выполнена slash-команда: %s\n", commandLine)
	fmt.Printf("Тип ответа: %s\n", result.ResponseType)
	fmt.Printf("Текст ответа: %s\n", result.Text)
}
