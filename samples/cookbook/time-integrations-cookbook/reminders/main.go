// Планирует повторяющееся сообщение в канал через API плагина Reminder и выводит свои напоминания.
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

const rm = "/plugins/reminder/api/v1"

var (
	serverURL   = strings.TrimRight(env("SERVER_URL"), "/")
	accessToken = env("ACCESS_TOKEN")
	httpClient  = &http.Client{Timeout: 30 * time.Second}
)

type reminder struct {
	ID       string `json:"id"`
	Number   int    `json:"number"`
	Status   string `json:"status"`
	NextAt   *int64 `json:"next_at"`
	Schedule struct {
		At       int64    `json:"at"`
		Timezone string   `json:"timezone"`
		Days     []string `json:"days"`
	} `json:"schedule"`
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
	channelName := env("CHANNEL_NAME")
	remindAt := env("REMIND_AT")
	message := env("REMIND_MESSAGE")
	days := os.Getenv("REMIND_DAYS")

	// 1. Канал, в который будет публиковаться сообщение.
	var channel struct {
		ID   string `json:"id"`
		Name string `json:"name"`
	}
	api("GET", "/teams/name/"+url.PathEscape(teamName)+"/channels/name/"+url.PathEscape(channelName), nil, &channel)
	fmt.Printf("Канал %s: id=%s\n", channel.Name, channel.ID)

	// 2. Запланированное сообщение: первая отправка в REMIND_AT, затем по дням недели в то же время.
	first, err := time.Parse(time.RFC3339, remindAt)
	if err != nil {
		log.Fatalf("REMIND_AT должен быть в формате ISO 8601 с часовым поясом, например 2026-12-07T09:50:00+03:00")
	}
	schedule := map[string]any{"at": first.Unix() * 1000}
	if days != "" {
		schedule["days"] = strings.Split(days, ",")
	}
	var created reminder
	api("POST", rm+"/reminders", map[string]any{
		"target":            "channel",
		"target_channel_id": channel.ID,
		"message":           message,
		"schedule":          schedule,
	}, &created)
	scheduleDays := "однократно"
	if len(created.Schedule.Days) > 0 {
		scheduleDays = strings.Join(created.Schedule.Days, ",")
	}
	nextAt := "нет"
	if created.NextAt != nil {
		nextAt = time.Unix(*created.NextAt/1000, 0).UTC().Format("2006-01-02T15:04:05Z")
	}
	fmt.Printf("Напоминание №%d создано: id=%s, статус %s\n", created.Number, created.ID, created.Status)
	fmt.Printf("Расписание: дни %s, часовой пояс %s\n", scheduleDays, created.Schedule.Timezone)
	fmt.Printf("Ближайшая отправка: %s\n", nextAt)

	// 3. Свои действующие напоминания и запланированные сообщения.
	var active []reminder
	api("GET", rm+"/reminders?status=active", nil, &active)
	fmt.Printf("Действующих напоминаний: %d\n", len(active))
}
