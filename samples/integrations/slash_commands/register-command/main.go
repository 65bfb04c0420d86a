// Регистрирует slash-команду в команде Time и печатает её токен.
// Переменные окружения: SERVER_URL, ACCESS_TOKEN, TEAM_NAME, COMMAND_TRIGGER, COMMAND_URL.
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

type team struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	DisplayName string `json:"display_name"`
}

type command struct {
	ID           string `json:"id"`
	Token        string `json:"token"`
	Trigger      string `json:"trigger"`
	Method       string `json:"method"`
	URL          string `json:"url"`
	AutoComplete bool   `json:"auto_complete"`
}

type createCommandRequest struct {
	TeamID           string `json:"team_id"`
	Trigger          string `json:"trigger"`
	Method           string `json:"method"`
	URL              string `json:"url"`
	AutoComplete     bool   `json:"auto_complete"`
	AutoCompleteDesc string `json:"auto_complete_desc"`
	AutoCompleteHint string `json:"auto_complete_hint"`
	DisplayName      string `json:"display_name"`
	Description      string `json:"description"`
}

var client = &http.Client{Timeout: 30 * time.Second}

func env(name string) string {
	value := os.Getenv(name)
	if value == "" {
		log.Fatalf("Задайте переменную окружения %s", name)
	}
	return value
}

// api вызывает REST API v4 и разбирает ответ в out; при статусе не 2xx завершает программу.
func api(serverURL, token, method, path string, body, out any) {
	var reader io.Reader
	if body != nil {
		data, err := json.Marshal(body)
		if err != nil {
			log.Fatalf("%s %s: %v", method, path, err)
		}
		reader = bytes.NewReader(data)
	}
	req, err := http.NewRequest(method, serverURL+"/api/v4"+path, reader)
	if err != nil {
		log.Fatalf("%s %s: %v", method, path, err)
	}
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Accept", "application/json")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := client.Do(req)
	if err != nil {
		log.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		log.Fatalf("%s %s: %v", method, path, err)
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		log.Fatalf("%s %s: HTTP %d: %s", method, path, resp.StatusCode, data)
	}
	if err := json.Unmarshal(data, out); err != nil {
		log.Fatalf("%s %s: разбор ответа: %v", method, path, err)
	}
}

func main() {
	serverURL := strings.TrimRight(env("SERVER_URL"), "/")
	token := env("ACCESS_TOKEN")
	teamName := env("TEAM_NAME")
	trigger := env("COMMAND_TRIGGER")
	commandURL := env("COMMAND_URL")

	// 1. Идентификатор команды Time по её имени из адреса.
	var t team
	api(serverURL, token, http.MethodGet, "/teams/name/"+url.PathEscape(teamName), nil, &t)
	fmt.Printf("Команда Time «%s» (%s): id=%s\n", t.DisplayName, t.Name, t.ID)

	// 2. Регистрация: обязательные team_id, trigger, method, url и поля подсказки.
	var c command
	api(serverURL, token, http.MethodPost, "/commands", createCommandRequest{
		TeamID:           t.ID,
		Trigger:          trigger,
		Method:           "P",
		URL:              commandURL,
		AutoComplete:     true,
		AutoCompleteDesc: "Выложить сборку",
		AutoCompleteHint: "[staging|prod] [версия]",
		DisplayName:      "Деплой",
		Description:      "Запускает выкладку через CI.",
	}, &c)
	autocomplete := "нет"
	if c.AutoComplete {
		autocomplete = "да"
	}
	fmt.Printf("Slash-команда /%s создана: id=%s\n", c.Trigger, c.ID)
	fmt.Printf("Адрес обработчика: %s, метод %s, подсказки: %s\n", c.URL, c.Method, autocomplete)
	fmt.Printf("Токен для COMMAND_TOKEN: %s\n", c.Token)
}
