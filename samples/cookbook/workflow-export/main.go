// Экспортирует автоматизацию Workflow из канала в файл JSON и импортирует её в другой канал.
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

const wf = "/plugins/workflow/api/v1"

var (
	serverURL   = strings.TrimRight(env("SERVER_URL"), "/")
	accessToken = env("ACCESS_TOKEN")
	teamName    = env("TEAM_NAME")
	httpClient  = &http.Client{Timeout: 30 * time.Second}
)

type channel struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

type workflow struct {
	ID      string `json:"id"`
	Name    string `json:"name"`
	Enabled bool   `json:"enabled"`
	Trigger struct {
		Type string `json:"type"`
	} `json:"trigger"`
}

func env(name string) string {
	value := os.Getenv(name)
	if value == "" {
		log.Fatalf("Задайте переменную окружения %s", name)
	}
	return value
}

// request выполняет запрос к REST API v4 и возвращает тело ответа.
// При ответе не 2xx печатает ошибку сервера и завершает программу.
func request(method, path string, body []byte) []byte {
	var reader io.Reader
	if body != nil {
		reader = bytes.NewReader(body)
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
	return data
}

func decode(data []byte, out any) {
	if err := json.Unmarshal(data, out); err != nil {
		log.Fatalf("Не удалось разобрать ответ: %v", err)
	}
}

func channelByName(name string) channel {
	var c channel
	decode(request("GET", "/teams/name/"+url.PathEscape(teamName)+"/channels/name/"+url.PathEscape(name), nil), &c)
	return c
}

func state(w workflow) string {
	if w.Enabled {
		return "включена"
	}
	return "выключена"
}

func main() {
	log.SetFlags(0)
	channelName := env("CHANNEL_NAME")
	workflowName := env("WORKFLOW_NAME")
	targetChannelName := env("TARGET_CHANNEL_NAME")
	exportFile := os.Getenv("EXPORT_FILE")
	if exportFile == "" {
		exportFile = "workflow.json"
	}

	// 1. Исходный канал и его автоматизации.
	source := channelByName(channelName)
	var workflows []workflow
	decode(request("GET", wf+"/channels/"+source.ID+"/workflows", nil), &workflows)
	fmt.Printf("Автоматизаций в канале %s: %d\n", source.Name, len(workflows))
	for _, w := range workflows {
		fmt.Printf("- %s (id=%s, триггер %s, %s)\n", w.Name, w.ID, w.Trigger.Type, state(w))
	}

	// 2. Нужная автоматизация по названию.
	workflowID := ""
	for _, w := range workflows {
		if w.Name == workflowName {
			workflowID = w.ID
			break
		}
	}
	if workflowID == "" {
		log.Fatalf("Автоматизация «%s» не найдена в канале %s", workflowName, channelName)
	}

	// 3. Экспорт в файл — тело ответа сохраняется как есть.
	exported := request("GET", wf+"/workflows/"+workflowID+"/export", nil)
	if err := os.WriteFile(exportFile, exported, 0o600); err != nil {
		log.Fatalf("Не удалось сохранить файл: %v", err)
	}
	var file struct {
		Format        string `json:"format"`
		FormatVersion int    `json:"format_version"`
	}
	decode(exported, &file)
	fmt.Printf("Экспорт сохранён в %s: формат %s, версия формата %d\n", exportFile, file.Format, file.FormatVersion)

	// 4. Импорт файла в другой канал той же команды.
	target := channelByName(targetChannelName)
	data, err := os.ReadFile(exportFile)
	if err != nil {
		log.Fatalf("Не удалось прочитать файл: %v", err)
	}
	var imported workflow
	decode(request("POST", wf+"/channels/"+target.ID+"/workflows/import", data), &imported)
	fmt.Printf("Импортировано в канал %s: id=%s, %s\n", targetChannelName, imported.ID, state(imported))
}
