// Регистрирует пользовательскую slash-команду в команде Time и выводит список slash-команд команды.
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
	httpClient  = &http.Client{Timeout: 30 * time.Second}
)

type command struct {
	ID          string `json:"id"`
	Token       string `json:"token"`
	Trigger     string `json:"trigger"`
	Method      string `json:"method"`
	URL         string `json:"url"`
	DisplayName string `json:"display_name"`
}

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
	trigger := env("COMMAND_TRIGGER")
	commandURL := env("COMMAND_URL")

	// 1. Идентификатор команды Time по её имени.
	var team struct {
		ID   string `json:"id"`
		Name string `json:"name"`
	}
	api("GET", "/teams/name/"+url.PathEscape(teamName), nil, &team)
	fmt.Printf("Команда %s: id=%s\n", team.Name, team.ID)

	// 2. Новая slash-команда: запросы POST на COMMAND_URL, подсказка при вводе «/».
	var created command
	api("POST", "/commands", map[string]any{
		"team_id":            team.ID,
		"trigger":            trigger,
		"method":             "P",
		"url":                commandURL,
		"display_name":       "Деплой",
		"description":        "Запускает выкладку через CI.",
		"auto_complete":      true,
		"auto_complete_desc": "Выложить сборку",
		"auto_complete_hint": "[staging|prod] [версия]",
	}, &created)
	fmt.Printf("Slash-команда /%s создана: id=%s\n", created.Trigger, created.ID)
	fmt.Printf("Токен для проверки запросов: %s\n", created.Token)

	// 3. Пользовательские slash-команды команды (custom_only=true).
	query := url.Values{"team_id": {team.ID}, "custom_only": {"true"}}
	var commands []command
	api("GET", "/commands?"+query.Encode(), nil, &commands)
	fmt.Printf("Пользовательских slash-команд в команде %s: %d\n", teamName, len(commands))
	for _, c := range commands {
		method := "POST"
		if c.Method == "G" {
			method = "GET"
		}
		fmt.Printf("/%s — %s (%s %s)\n", c.Trigger, c.DisplayName, method, c.URL)
	}
}
