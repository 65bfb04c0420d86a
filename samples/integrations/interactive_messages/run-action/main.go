// Нажимает кнопку интерактивного сообщения от имени владельца токена:
// POST /api/v4/posts/{post_id}/actions/{action_id}. Удобно, чтобы проверить обработчик без клиента.
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
	"time"
)

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
	postID := env("POST_ID")
	actionID := env("ACTION_ID")
	selectedOption := os.Getenv("SELECTED_OPTION")

	payload := map[string]string{}
	if selectedOption != "" {
		payload["selected_option"] = selectedOption
	}
	body, err := json.Marshal(payload)
	if err != nil {
		log.Fatalf("Не удалось собрать запрос: %v", err)
	}

	endpoint := fmt.Sprintf("%s/api/v4/posts/%s/actions/%s",
		serverURL, url.PathEscape(postID), url.PathEscape(actionID))
	req, err := http.NewRequest(http.MethodPost, endpoint, bytes.NewReader(body))
	if err != nil {
		log.Fatalf("Не удалось собрать запрос: %v", err)
	}
	req.Header.Set("Authorization", "Bearer "+accessToken)
	req.Header.Set("Content-Type", "application/json")

	client := &http.Client{Timeout: 35 * time.Second}
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
		log.Fatalf("Действие не выполнено: HTTP %d %s", resp.StatusCode, data)
	}

	var result struct {
		Status    string `json:"status"`
		TriggerID string `json:"trigger_id"`
	}
	if err := json.Unmarshal(data, &result); err != nil {
		log.Fatalf("Ответ не разобран: %v", err)
	}

	fmt.Printf("Действие %s выполнено: status=%s\n", actionID, result.Status)
	if selectedOption != "" {
		fmt.Printf("Выбранное значение: %s\n", selectedOption)
	}
	trigger := result.TriggerID
	if trigger == "" {
		trigger = "(пусто)"
	}
	fmt.Printf("trigger_id: %s\n", trigger)
}
