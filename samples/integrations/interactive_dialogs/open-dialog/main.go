// Открывает интерактивный диалог «Заявка на выкладку»: POST /api/v4/actions/dialogs/open.
// trigger_id действует 3 секунды и только один раз — берите его из свежего запроса
// slash-команды или нажатия кнопки.
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

type option struct {
	Text  string `json:"text"`
	Value string `json:"value"`
}

type element struct {
	DisplayName string   `json:"display_name"`
	Name        string   `json:"name"`
	Type        string   `json:"type"`
	Subtype     string   `json:"subtype,omitempty"`
	Default     string   `json:"default,omitempty"`
	Placeholder string   `json:"placeholder,omitempty"`
	HelpText    string   `json:"help_text,omitempty"`
	Optional    bool     `json:"optional,omitempty"`
	MinLength   int      `json:"min_length,omitempty"`
	MaxLength   int      `json:"max_length,omitempty"`
	DataSource  string   `json:"data_source,omitempty"`
	Options     []option `json:"options,omitempty"`
}

type dialog struct {
	CallbackID       string    `json:"callback_id"`
	Title            string    `json:"title"`
	IntroductionText string    `json:"introduction_text"`
	SubmitLabel      string    `json:"submit_label"`
	NotifyOnCancel   bool      `json:"notify_on_cancel"`
	State            string    `json:"state"`
	Elements         []element `json:"elements"`
}

type openDialogRequest struct {
	TriggerID string `json:"trigger_id"`
	URL       string `json:"url"`
	Dialog    dialog `json:"dialog"`
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
	triggerID := env("TRIGGER_ID")
	dialogURL := env("DIALOG_URL")

	form := dialog{
		CallbackID:       "deploy-request",
		Title:            "Заявка на выкладку",
		IntroductionText: "Заявку получит согласующий, а канал увидит её после отправки.",
		SubmitLabel:      "Отправить",
		NotifyOnCancel:   true,
		State:            "release-2.14.0",
		Elements: []element{
			{
				DisplayName: "Окружение",
				Name:        "environment",
				Type:        "radio",
				Default:     "staging",
				Options: []option{
					{Text: "Тестовое (staging)", Value: "staging"},
					{Text: "Рабочее (production)", Value: "production"},
				},
			},
			{
				DisplayName: "Версия",
				Name:        "version",
				Type:        "text",
				Subtype:     "text",
				Placeholder: "2.14.0",
				HelpText:    "Номер сборки в формате X.Y.Z.",
				MinLength:   5,
				MaxLength:   20,
			},
			{
				DisplayName: "Согласующий",
				Name:        "approver",
				Type:        "select",
				DataSource:  "users",
				Placeholder: "Начните вводить имя",
			},
			{
				DisplayName: "Комментарий",
				Name:        "comment",
				Type:        "textarea",
				Optional:    true,
				MaxLength:   1000,
				Placeholder: "Что меняется и как откатить",
			},
			{
				DisplayName: "Уведомление",
				Name:        "notify_approver",
				Type:        "bool",
				Optional:    true,
				Default:     "true",
				Placeholder: "Написать согласующему в личные сообщения",
			},
		},
	}

	body, err := json.Marshal(openDialogRequest{TriggerID: triggerID, URL: dialogURL, Dialog: form})
	if err != nil {
		log.Fatalf("Не удалось собрать запрос: %v", err)
	}
	req, err := http.NewRequest(http.MethodPost, serverURL+"/api/v4/actions/dialogs/open", bytes.NewReader(body))
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
		log.Fatalf("Диалог не открыт: HTTP %d %s", resp.StatusCode, data)
	}

	var result struct {
		Status string `json:"status"`
	}
	if err := json.Unmarshal(data, &result); err != nil {
		log.Fatalf("Ответ не разобран: %v", err)
	}

	fmt.Printf("Диалог «%s» открыт: status=%s\n", form.Title, result.Status)
	fmt.Printf("Полей в форме: %d\n", len(form.Elements))
	fmt.Printf("Ответ придёт на %s\n", dialogURL)
}
