// Публикует от имени бота уведомление о сборке CI с вложением; повтор запроса не создаёт дубль.
package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net/http"
	"os"
	"strings"
	"time"
)

var (
	serverURL   = strings.TrimRight(env("SERVER_URL"), "/")
	accessToken = env("ACCESS_TOKEN")
	// 5 с на попытку: четыре попытки с паузами укладываются в 30 секунд, пока сервер узнаёт повтор.
	httpClient = &http.Client{Timeout: 5 * time.Second}
)

func env(name string) string {
	value := os.Getenv(name)
	if value == "" {
		log.Fatalf("Задайте переменную окружения %s", name)
	}
	return value
}

func retryable(code int) bool {
	switch code {
	case 408, 429, 500, 502, 503, 504:
		return true
	}
	return false
}

type post struct {
	ID        string `json:"id"`
	ChannelID string `json:"channel_id"`
}

// botID возвращает идентификатор пользователя (здесь бота), которому принадлежит токен: GET /api/v4/users/me.
func botID() string {
	req, err := http.NewRequest("GET", serverURL+"/api/v4/users/me", nil)
	if err != nil {
		log.Fatalf("Неверный запрос: %v", err)
	}
	req.Header.Set("Authorization", "Bearer "+accessToken)
	resp, err := httpClient.Do(req)
	if err != nil {
		log.Fatalf("Ошибка GET /users/me: %v", err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		log.Fatalf("Ошибка чтения ответа: %v", err)
	}
	if resp.StatusCode != http.StatusOK {
		log.Fatalf("Ошибка GET /users/me: HTTP %d: %s", resp.StatusCode, data)
	}
	var me struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal(data, &me); err != nil {
		log.Fatalf("Не удалось разобрать ответ: %v", err)
	}
	return me.ID
}

// createPost выполняет POST /api/v4/posts с повторами при сбоях сети и ответах 408, 429 и 5xx.
func createPost(body any, attempts int) post {
	payload, err := json.Marshal(body)
	if err != nil {
		log.Fatalf("Не удалось подготовить запрос: %v", err)
	}
	for attempt := 1; ; attempt++ {
		req, err := http.NewRequest("POST", serverURL+"/api/v4/posts", bytes.NewReader(payload))
		if err != nil {
			log.Fatalf("Неверный запрос: %v", err)
		}
		req.Header.Set("Authorization", "Bearer "+accessToken)
		req.Header.Set("Content-Type", "application/json")
		resp, err := httpClient.Do(req)
		if err != nil {
			if attempt >= attempts {
				log.Fatalf("Ошибка POST /posts: %v", err)
			}
			time.Sleep(2 * time.Second)
			continue
		}
		data, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			log.Fatalf("Ошибка чтения ответа: %v", err)
		}
		if resp.StatusCode >= 200 && resp.StatusCode <= 299 {
			var p post
			if err := json.Unmarshal(data, &p); err != nil {
				log.Fatalf("Не удалось разобрать ответ: %v", err)
			}
			return p
		}
		if !retryable(resp.StatusCode) || attempt >= attempts {
			log.Fatalf("Ошибка POST /posts: HTTP %d: %s", resp.StatusCode, data)
		}
		time.Sleep(2 * time.Second)
	}
}

func main() {
	log.SetFlags(0)
	channelID := env("CHANNEL_ID")
	number := env("BUILD_NUMBER")
	status := env("BUILD_STATUS")
	branch := env("BUILD_BRANCH")
	buildURL := env("BUILD_URL")

	statusText, color := "", ""
	switch status {
	case "success":
		statusText, color = "успешно", "#2da44e"
	case "failure":
		statusText, color = "с ошибкой", "#cf222e"
	default:
		log.Fatalf("BUILD_STATUS должен быть success или failure")
	}
	// Ключ вида <id бота>:<время в мс> берётся один раз и повторяется во всех попытках:
	// в течение 30 секунд повтор вернёт уже созданное сообщение, а не создаст второе.
	bot := botID()
	idempotencyKey := fmt.Sprintf("%s:%d", bot, time.Now().UnixMilli())

	p := createPost(map[string]any{
		"channel_id":      channelID,
		"message":         "Сборка **" + number + "** (`" + branch + "`): " + statusText,
		"idempotency_key": idempotencyKey,
		"props": map[string]any{
			"attachments": []map[string]any{{
				"fallback":   "Сборка " + number + ": " + statusText,
				"color":      color,
				"title":      "Сборка " + number,
				"title_link": buildURL,
				"fields": []map[string]any{
					{"short": true, "title": "Ветка", "value": branch},
					{"short": true, "title": "Результат", "value": statusText},
				},
			}},
		},
	}, 4)
	fmt.Printf("Уведомление о сборке %s опубликовано: id=%s, канал %s\n", number, p.ID, p.ChannelID)
	fmt.Printf("Ключ идемпотентности составлен для бота id=%s\n", bot)
}
