// Автоматизации Workflow: список в канале, определение в файл, задание на экспорт и копия в другом канале.
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
	"sort"
	"strings"
	"time"
)

// Маршруты плагина отсчитываются от корня сервера, а не от /api/v4.
const workflowAPI = "/plugins/ru.tinkoff.mm.workflow"

var (
	serverURL   = strings.TrimRight(env("SERVER_URL"), "/")
	accessToken = env("ACCESS_TOKEN")
	teamName    = env("TEAM_NAME")
	httpClient  = &http.Client{Timeout: 30 * time.Second}
)

type workflow struct {
	ID        string            `json:"id"`
	Title     string            `json:"title"`
	Trigger   string            `json:"trigger"`
	ChannelID string            `json:"channel_id"`
	Steps     []json.RawMessage `json:"steps"`
}

func env(name string) string {
	value := os.Getenv(name)
	if value == "" {
		log.Fatalf("Задайте переменную окружения %s", name)
	}
	return value
}

// request выполняет запрос к серверу и возвращает тело ответа.
// При ответе не 2xx печатает ошибку сервера и завершает программу.
func request(method, path string, body any) []byte {
	var reader io.Reader
	if body != nil {
		data, err := json.Marshal(body)
		if err != nil {
			log.Fatalf("Не удалось подготовить запрос: %v", err)
		}
		reader = bytes.NewReader(data)
	}
	req, err := http.NewRequest(method, serverURL+path, reader)
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

func channelID(name string) string {
	var channel struct {
		ID string `json:"id"`
	}
	decode(request("GET", "/api/v4/teams/name/"+url.PathEscape(teamName)+"/channels/name/"+url.PathEscape(name), nil), &channel)
	return channel.ID
}

func describe(w workflow) string {
	return fmt.Sprintf("%s (id=%s, триггер %s, шагов: %d)", w.Title, w.ID, w.Trigger, len(w.Steps))
}

func main() {
	log.SetFlags(0)
	channelName := env("CHANNEL_NAME")
	workflowTitle := env("WORKFLOW_TITLE")
	targetChannelName := env("TARGET_CHANNEL_NAME")
	workflowFile := os.Getenv("WORKFLOW_FILE")
	if workflowFile == "" {
		workflowFile = "workflow.json"
	}

	var me struct {
		ID string `json:"id"`
	}
	decode(request("GET", "/api/v4/users/me", nil), &me)

	// 1. Автоматизации исходного канала: объект «идентификатор → автоматизация», по названиям.
	sourceID := channelID(channelName)
	var byID map[string]workflow
	decode(request("GET", workflowAPI+"/list/channel/"+sourceID, nil), &byID)
	workflows := make([]workflow, 0, len(byID))
	for _, w := range byID {
		workflows = append(workflows, w)
	}
	sort.Slice(workflows, func(i, j int) bool { return workflows[i].Title < workflows[j].Title })
	fmt.Printf("Автоматизаций в канале %s: %d\n", channelName, len(workflows))
	workflowID := ""
	for _, w := range workflows {
		fmt.Printf("- %s\n", describe(w))
		if w.Title == workflowTitle && workflowID == "" {
			workflowID = w.ID
		}
	}
	if workflowID == "" {
		log.Fatalf("Автоматизация «%s» не найдена в канале %s", workflowTitle, channelName)
	}

	// 2. Полное определение автоматизации; ответ сохраняется в файл как есть.
	raw := request("GET", workflowAPI+"/"+sourceID+"/"+workflowID, nil)
	if err := os.WriteFile(workflowFile, raw, 0o600); err != nil {
		log.Fatalf("Не удалось сохранить файл: %v", err)
	}
	var saved workflow
	decode(raw, &saved)
	fmt.Printf("Определение сохранено в %s: %s\n", workflowFile, describe(saved))

	// 3. Задание на экспорт: сервер отвечает 201 без тела.
	request("POST", workflowAPI+"/workflows/export/task", map[string]string{"workflow_id": workflowID})
	fmt.Printf("Задание на экспорт принято: workflow_id=%s\n", workflowID)

	// 4. Копия в целевом канале: шаги, которые писали в исходный канал, пишут в целевой.
	// Определение разбирается в map, чтобы копия сохранила все поля, даже не описанные в этой программе.
	targetID := channelID(targetChannelName)
	var copied map[string]any
	decode(raw, &copied)
	copied["id"] = ""
	copied["channel_id"] = targetID
	copied["author"] = me.ID
	if steps, ok := copied["steps"].([]any); ok {
		for _, s := range steps {
			if step, ok := s.(map[string]any); ok && step["channel_id"] == sourceID {
				step["channel_id"] = targetID
			}
		}
	}
	var created []workflow
	decode(request("POST", workflowAPI+"/"+targetID, map[string]any{
		"user_id":    me.ID,
		"channel_id": targetID,
		"workflow":   copied,
	}), &created)
	fmt.Printf("Копия создана в канале %s, автоматизаций в ответе: %d\n", targetChannelName, len(created))
	for _, w := range created {
		fmt.Printf("- %s, канал %s\n", describe(w), w.ChannelID)
	}
}
