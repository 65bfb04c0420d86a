// Публикует сообщение с кнопками и меню (props.attachments) через POST /api/v4/posts.
package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net/http"
	"os"
	"time"
)

type integration struct {
	URL     string            `json:"url"`
	Context map[string]string `json:"context"`
}

type option struct {
	Text  string `json:"text"`
	Value string `json:"value"`
}

type action struct {
	ID            string      `json:"id"`
	Name          string      `json:"name"`
	Type          string      `json:"type"`
	Style         string      `json:"style,omitempty"`
	DataSource    string      `json:"data_source,omitempty"`
	Options       []option    `json:"options,omitempty"`
	DefaultOption string      `json:"default_option,omitempty"`
	Integration   integration `json:"integration"`
}

type field struct {
	Title string `json:"title"`
	Value string `json:"value"`
	Short bool   `json:"short"`
}

type attachment struct {
	Fallback  string   `json:"fallback"`
	Color     string   `json:"color"`
	Title     string   `json:"title"`
	TitleLink string   `json:"title_link"`
	Text      string   `json:"text"`
	Fields    []field  `json:"fields"`
	Footer    string   `json:"footer"`
	Actions   []action `json:"actions"`
}

type newPost struct {
	ChannelID string                  `json:"channel_id"`
	Message   string                  `json:"message"`
	Props     map[string][]attachment `json:"props"`
}

func env(name string) string {
	value := os.Getenv(name)
	if value == "" {
		log.Fatalf("Задайте переменную окружения %s", name)
	}
	return value
}

func main() {
	log.SetFlags(0)
	serverURL := env("SERVER_URL")
	accessToken := env("ACCESS_TOKEN")
	channelID := env("CHANNEL_ID")
	actionURL := env("ACTION_URL")
	actionSecret := env("ACTION_SECRET")

	// Адрес обработчика и контекст, который Time вернёт ему при нажатии.
	integrationFor := func(name string) integration {
		return integration{
			URL:     actionURL,
			Context: map[string]string{"action": name, "release": "1452", "secret": actionSecret},
		}
	}

	actions := []action{
		{ID: "approve", Name: "Согласовать", Type: "button", Style: "good", Integration: integrationFor("approve")},
		{ID: "reject", Name: "Отклонить", Type: "button", Style: "danger", Integration: integrationFor("reject")},
		{ID: "comment", Name: "Комментарий", Type: "button", Style: "default", Integration: integrationFor("comment")},
		{
			ID:            "environment",
			Name:          "Окружение",
			Type:          "select",
			DefaultOption: "production",
			Options: []option{
				{Text: "Тестовое", Value: "staging"},
				{Text: "Рабочее", Value: "production"},
			},
			Integration: integrationFor("environment"),
		},
		{ID: "assignee", Name: "Дежурный", Type: "select", DataSource: "users", Integration: integrationFor("assignee")},
	}

	post := newPost{
		ChannelID: channelID,
		Message:   "Сборка **1452** готова к выкладке в рабочее окружение.",
		Props: map[string][]attachment{
			"attachments": {
				{
					Fallback:  "Сборка 1452 ждёт согласования",
					Color:     "#1E88E5",
					Title:     "Выкладка сборки 1452",
					TitleLink: "https://ci.example.ru/pipelines/5812",
					Text:      "Все тесты пройдены. Согласуйте выкладку или отклоните её.",
					Fields: []field{
						{Title: "Ветка", Value: "`release-2025-12`", Short: true},
						{Title: "Тесты", Value: "1284 из 1284", Short: true},
					},
					Footer:  "CI, конвейер 5812",
					Actions: actions,
				},
			},
		},
	}

	body, err := json.Marshal(post)
	if err != nil {
		log.Fatalf("Не удалось собрать запрос: %v", err)
	}
	req, err := http.NewRequest(http.MethodPost, serverURL+"/api/v4/posts", bytes.NewReader(body))
	if err != nil {
		log.Fatalf("Не удалось собрать запрос: %v", err)
	}
	req.Header.Set("Authorization", "Bearer "+accessToken)
	req.Header.Set("Content-Type", "application/json")

	client := &http.Client{Timeout: 10 * time.Second}
	resp, err := client.Do(req)
	if err != nil {
		log.Fatalf("Сервер недоступен: %v", err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		log.Fatalf("Не удалось прочитать ответ: %v", err)
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		log.Fatalf("Сообщение не опубликовано: HTTP %d %s", resp.StatusCode, data)
	}

	var created struct {
		ID        string `json:"id"`
		ChannelID string `json:"channel_id"`
	}
	if err := json.Unmarshal(data, &created); err != nil {
		log.Fatalf("Ответ не разобран: %v", err)
	}

	fmt.Printf("Сообщение с кнопками опубликовано: id=%s\n", created.ID)
	fmt.Printf("Канал: %s\n", created.ChannelID)
	fmt.Printf("Кнопок и меню: %d\n", len(actions))
}
