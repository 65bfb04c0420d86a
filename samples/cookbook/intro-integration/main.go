// Первая интеграция с Time: проверяем сервер, токен и список своих команд.
package main

import (
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net/http"
	"os"
	"strings"
	"time"
)

type ping struct {
	Status string `json:"status"`
}

type user struct {
	ID        string `json:"id"`
	Username  string `json:"username"`
	FirstName string `json:"first_name"`
	LastName  string `json:"last_name"`
	Roles     string `json:"roles"`
}

type team struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	DisplayName string `json:"display_name"`
}

var httpClient = &http.Client{Timeout: 30 * time.Second}

func env(name string) string {
	value := os.Getenv(name)
	if value == "" {
		log.Fatalf("Не задана переменная окружения %s", name)
	}
	return value
}

// api выполняет запрос и раскладывает JSON-ответ в out. При коде ответа не 2xx программа завершается
// с кодом 1 и печатает тело ошибки (объект AppError).
func api(method, url, token string, out any) {
	req, err := http.NewRequest(method, url, nil)
	if err != nil {
		log.Fatalf("Неверный запрос %s %s: %v", method, url, err)
	}
	req.Header.Set("Accept", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
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
		log.Fatalf("Ошибка HTTP %d на %s %s: %s", resp.StatusCode, method, url, body)
	}
	if err := json.Unmarshal(body, out); err != nil {
		log.Fatalf("Ответ не JSON: %v", err)
	}
}

func main() {
	log.SetFlags(0)
	apiURL := strings.TrimRight(env("SERVER_URL"), "/") + "/api/v4"
	token := env("ACCESS_TOKEN")

	// 1. Сервер работает? Проверка доступности не требует токена.
	var p ping
	api("GET", apiURL+"/system/ping", "", &p)
	fmt.Printf("Сервер отвечает: status=%s\n", p.Status)

	// 2. Кому принадлежит токен?
	var me user
	api("GET", apiURL+"/users/me", token, &me)
	fmt.Printf("Токен принадлежит пользователю %s (%s %s), id=%s\n", me.Username, me.FirstName, me.LastName, me.ID)
	fmt.Printf("Роли: %s\n", me.Roles)

	// 3. В каких командах состоит пользователь?
	var teams []team
	api("GET", apiURL+"/users/me/teams", token, &teams)
	fmt.Printf("Команд: %d\n", len(teams))
	for _, t := range teams {
		fmt.Printf("- %s «%s», id=%s\n", t.Name, t.DisplayName, t.ID)
	}
}
