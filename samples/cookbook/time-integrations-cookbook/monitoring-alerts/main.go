// Публикует алерт, ставит под ним реакцию-подсказку и проверяет, кто подтвердил алерт такой же реакцией.
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

type reaction struct {
	UserID    string `json:"user_id"`
	PostID    string `json:"post_id"`
	EmojiName string `json:"emoji_name"`
}

func main() {
	log.SetFlags(0)
	channelID := env("CHANNEL_ID")
	alertID := env("ALERT_ID")
	alertText := env("ALERT_TEXT")
	ackEmoji := os.Getenv("ACK_EMOJI")
	if ackEmoji == "" {
		ackEmoji = "white_check_mark"
	}

	// 1. Идентификатор бота — реакция ставится от его имени.
	var bot struct {
		ID string `json:"id"`
	}
	api("GET", "/users/me", nil, &bot)

	// 2. Алерт. Каждый запуск публикует новое сообщение, поэтому запускайте программу один раз на срабатывание.
	var post struct {
		ID string `json:"id"`
	}
	api("POST", "/posts", map[string]string{
		"channel_id": channelID,
		"message":    ":rotating_light: **Алерт:** " + alertText + "\nПоставьте :" + ackEmoji + ":, если взяли алерт в работу.",
	}, &post)
	fmt.Printf("Алерт %s опубликован: id=%s\n", alertID, post.ID)

	// 3. Реакция-подсказка: дежурному достаточно нажать на неё. Повторная такая же реакция ничего не меняет.
	var saved reaction
	api("POST", "/reactions", reaction{UserID: bot.ID, PostID: post.ID, EmojiName: ackEmoji}, &saved)
	fmt.Printf("Реакция для подтверждения: :%s:\n", ackEmoji)

	// 4. Кто подтвердил: все, кроме самого бота, поставившие ту же реакцию.
	var reactions []reaction
	api("GET", "/posts/"+post.ID+"/reactions", nil, &reactions)
	var acked []string
	for _, r := range reactions {
		if r.EmojiName == ackEmoji && r.UserID != bot.ID {
			acked = append(acked, r.UserID)
		}
	}
	if len(acked) > 0 {
		fmt.Printf("Подтвердили: %s\n", strings.Join(acked, ", "))
	} else {
		fmt.Println("Подтверждений пока нет")
	}
}
