// Создание бота: учётная запись, токен, членство в команде и канале, первое сообщение от имени бота.
// Нужен токен системного администратора (или пользователя с правами create_bot и manage_bots).
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

type object struct {
	ID string `json:"id"`
}

type bot struct {
	UserID      string `json:"user_id"`
	Username    string `json:"username"`
	DisplayName string `json:"display_name"`
}

type accessToken struct {
	ID    string `json:"id"`
	Token string `json:"token"`
}

type teamMember struct {
	Roles string `json:"roles"`
}

var (
	httpClient = &http.Client{Timeout: 30 * time.Second}
	apiURL     string
)

func env(name string) string {
	value := os.Getenv(name)
	if value == "" {
		log.Fatalf("Не задана переменная окружения %s", name)
	}
	return value
}

// api выполняет запрос с токеном token и раскладывает JSON-ответ в out. При коде ответа не 2xx
// программа завершается с кодом 1 и печатает тело ошибки (объект AppError).
func api(token, method, path string, in, out any) {
	var payload io.Reader
	if in != nil {
		data, err := json.Marshal(in)
		if err != nil {
			log.Fatalf("Не удалось подготовить тело запроса: %v", err)
		}
		payload = bytes.NewReader(data)
	}
	req, err := http.NewRequest(method, apiURL+path, payload)
	if err != nil {
		log.Fatalf("Неверный запрос %s %s: %v", method, path, err)
	}
	req.Header.Set("Accept", "application/json")
	req.Header.Set("Authorization", "Bearer "+token)
	if in != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := httpClient.Do(req)
	if err != nil {
		log.Fatalf("Сервер недоступен: %v", err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		log.Fatalf("Не удалось прочитать ответ: %v", err)
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		log.Fatalf("Ошибка HTTP %d на %s %s: %s", resp.StatusCode, method, path, body)
	}
	if out != nil {
		if err := json.Unmarshal(body, out); err != nil {
			log.Fatalf("Ответ не JSON: %v", err)
		}
	}
}

func main() {
	log.SetFlags(0)
	apiURL = strings.TrimRight(env("SERVER_URL"), "/") + "/api/v4"
	adminToken := env("ACCESS_TOKEN")
	teamName := env("TEAM_NAME")
	channelName := env("CHANNEL_NAME")
	botUsername := env("BOT_USERNAME")

	// 1. Идентификаторы команды и канала, куда добавим бота.
	var team, channel object
	api(adminToken, "GET", "/teams/name/"+url.PathEscape(teamName), nil, &team)
	fmt.Printf("Команда %s: id=%s\n", teamName, team.ID)
	api(adminToken, "GET", "/teams/name/"+url.PathEscape(teamName)+"/channels/name/"+url.PathEscape(channelName), nil, &channel)
	fmt.Printf("Канал %s: id=%s\n", channelName, channel.ID)

	// 2. Учётная запись бота. Владельцем станет пользователь, которому принадлежит ACCESS_TOKEN.
	var b bot
	api(adminToken, "POST", "/bots", map[string]string{
		"username":     botUsername,
		"display_name": "Деплой",
		"description":  "Сообщает о выкладках на стенд и в продуктив.",
	}, &b)
	fmt.Printf("Бот создан: @%s «%s», user_id=%s\n", b.Username, b.DisplayName, b.UserID)

	// 3. Токен бота. Значение token приходит только в этом ответе.
	var t accessToken
	api(adminToken, "POST", "/users/"+b.UserID+"/tokens", map[string]string{"description": "CI: уведомления о выкладках"}, &t)
	fmt.Printf("Токен бота выпущен: id=%s\n", t.ID)
	fmt.Printf("Сохраните токен бота, он показывается один раз: %s\n", t.Token)

	// 4. Бот вступает в команду, затем в канал (в канал можно добавить только участника команды).
	var member teamMember
	api(adminToken, "POST", "/teams/"+team.ID+"/members", map[string]string{"team_id": team.ID, "user_id": b.UserID}, &member)
	fmt.Printf("Бот добавлен в команду %s: роли %s\n", teamName, member.Roles)
	api(adminToken, "POST", "/channels/"+channel.ID+"/members", map[string]string{"user_id": b.UserID}, nil)
	fmt.Printf("Бот добавлен в канал %s\n", channelName)

	// 5. Первое сообщение — уже с токеном бота.
	var post object
	api(t.Token, "POST", "/posts", map[string]string{
		"channel_id": channel.ID,
		"message":    "Привет! Теперь я буду сообщать в этот канал о выкладках.",
	}, &post)
	fmt.Printf("Сообщение от имени бота опубликовано: id=%s\n", post.ID)
}
