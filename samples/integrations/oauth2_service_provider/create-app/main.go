// Регистрирует приложение OAuth 2.0 и печатает CLIENT_ID и CLIENT_SECRET.
// Переменные окружения: SERVER_URL, ACCESS_TOKEN, APP_NAME, APP_DESCRIPTION, APP_HOMEPAGE, REDIRECT_URI.
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

type createAppRequest struct {
	Name         string   `json:"name"`
	Description  string   `json:"description"`
	Homepage     string   `json:"homepage"`
	CallbackURLs []string `json:"callback_urls"`
	IsTrusted    bool     `json:"is_trusted"`
}

type oauthApp struct {
	ID           string   `json:"id"`
	ClientSecret string   `json:"client_secret"`
	Name         string   `json:"name"`
	CallbackURLs []string `json:"callback_urls"`
	IsTrusted    bool     `json:"is_trusted"`
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
	body, err := json.Marshal(createAppRequest{
		Name:         env("APP_NAME"),
		Description:  env("APP_DESCRIPTION"),
		Homepage:     env("APP_HOMEPAGE"),
		CallbackURLs: []string{env("REDIRECT_URI")},
		IsTrusted:    false,
	})
	if err != nil {
		log.Fatal(err)
	}
	req, err := http.NewRequest(http.MethodPost, serverURL+"/api/v4/oauth/apps", bytes.NewReader(body))
	if err != nil {
		log.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+env("ACCESS_TOKEN"))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")

	client := &http.Client{Timeout: 30 * time.Second}
	resp, err := client.Do(req)
	if err != nil {
		log.Fatalf("POST /oauth/apps: %v", err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		log.Fatalf("POST /oauth/apps: %v", err)
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		log.Fatalf("POST /oauth/apps: HTTP %d: %s", resp.StatusCode, data)
	}
	var app oauthApp
	if err := json.Unmarshal(data, &app); err != nil {
		log.Fatalf("POST /oauth/apps: разбор ответа: %v", err)
	}

	trusted := "нет"
	if app.IsTrusted {
		trusted = "да"
	}
	fmt.Printf("Приложение OAuth 2.0 «%s» зарегистрировано\n", app.Name)
	fmt.Printf("CLIENT_ID=%s\n", app.ID)
	fmt.Printf("CLIENT_SECRET=%s\n", app.ClientSecret)
	fmt.Printf("Адреса перенаправления: %s\n", strings.Join(app.CallbackURLs, ", "))
	fmt.Printf("Доверенное: %s\n", trusted)
}
