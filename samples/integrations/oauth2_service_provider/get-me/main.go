// Проверяет токен доступа OAuth 2.0: запрашивает учётную запись, от имени которой он выдан.
// Переменные окружения: SERVER_URL и ACCESS_TOKEN (access_token из ответа /oauth/access_token).
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

type user struct {
	ID        string `json:"id"`
	Username  string `json:"username"`
	FirstName string `json:"first_name"`
	LastName  string `json:"last_name"`
	Email     string `json:"email"`
	Roles     string `json:"roles"`
}

func env(name string) string {
	value := os.Getenv(name)
	if value == "" {
		log.Fatalf("Задайте переменную окружения %s", name)
	}
	return value
}

func main() {
	serverURL := strings.TrimRight(env("SERVER_URL"), "/")
	req, err := http.NewRequest(http.MethodGet, serverURL+"/api/v4/users/me", nil)
	if err != nil {
		log.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+env("ACCESS_TOKEN"))
	req.Header.Set("Accept", "application/json")

	client := &http.Client{Timeout: 30 * time.Second}
	resp, err := client.Do(req)
	if err != nil {
		log.Fatalf("GET /users/me: %v", err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		log.Fatalf("GET /users/me: %v", err)
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		log.Fatalf("GET /users/me: HTTP %d: %s", resp.StatusCode, data)
	}
	var me user
	if err := json.Unmarshal(data, &me); err != nil {
		log.Fatalf("GET /users/me: разбор ответа: %v", err)
	}
	fmt.Printf("Токен принадлежит пользователю @%s (%s %s)\n", me.Username, me.FirstName, me.LastName)
	fmt.Printf("id=%s, email=%s\n", me.ID, me.Email)
	fmt.Printf("Роли: %s\n", me.Roles)
}
