// Собирает сообщения канала за последние сутки и отправляет сводку личным сообщением или в другой канал.
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
	"strconv"
	"strings"
	"time"
)

var (
	serverURL   = strings.TrimRight(env("SERVER_URL"), "/")
	accessToken = env("ACCESS_TOKEN")
	httpClient  = &http.Client{Timeout: 30 * time.Second}
)

type post struct {
	ID       string `json:"id"`
	CreateAt int64  `json:"create_at"`
	DeleteAt int64  `json:"delete_at"`
	RootID   string `json:"root_id"`
	Message  string `json:"message"`
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
	digestTo := env("DIGEST_TO")
	// Начало периода в миллисекундах Unix; по умолчанию — сутки назад.
	since := (time.Now().Unix() - 86400) * 1000
	if s := os.Getenv("DIGEST_SINCE"); s != "" {
		v, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			log.Fatalf("DIGEST_SINCE должен быть числом миллисекунд: %v", err)
		}
		since = v
	}

	// 1. Канал по имени.
	var channel struct {
		ID   string `json:"id"`
		Name string `json:"name"`
	}
	api("GET", "/teams/name/"+url.PathEscape(teamName)+"/channels/name/"+url.PathEscape(channelName), nil, &channel)

	// 2. Всё, что изменилось в канале после DIGEST_SINCE (не больше 1000 сообщений).
	var list struct {
		Posts map[string]post `json:"posts"`
	}
	api("GET", "/channels/"+channel.ID+"/posts?since="+strconv.FormatInt(since, 10), nil, &list)

	// 3. Только новые и не удалённые сообщения, по возрастанию времени; ответы считаются по обсуждениям.
	var fresh, roots, replies []post
	for _, p := range list.Posts {
		if p.DeleteAt == 0 && p.CreateAt >= since {
			fresh = append(fresh, p)
		}
	}
	sort.Slice(fresh, func(i, j int) bool { return fresh[i].CreateAt < fresh[j].CreateAt })
	for _, p := range fresh {
		if p.RootID == "" {
			roots = append(roots, p)
		} else {
			replies = append(replies, p)
		}
	}
	fmt.Printf("Канал %s: новых сообщений: %d (корневых: %d, ответов: %d)\n",
		channel.Name, len(fresh), len(roots), len(replies))

	// 4. Текст сводки со ссылками на сообщения и отправка адресату.
	base := serverURL + "/" + teamName + "/pl/"
	lines := []string{fmt.Sprintf("**Сводка канала ~%s за сутки** — сообщений: %d, обсуждений: %d.",
		channelName, len(fresh), len(roots))}
	for _, r := range roots {
		count := 0
		for _, p := range replies {
			if p.RootID == r.ID {
				count++
			}
		}
		title := strings.SplitN(r.Message, "\n", 2)[0]
		fmt.Printf("- %s (ответов: %d)\n", title, count)
		lines = append(lines, fmt.Sprintf("- [%s](%s%s) — ответов: %d", title, base, r.ID, count))
	}
	var sent struct {
		ID string `json:"id"`
	}
	api("POST", "/posts", map[string]string{"peer": digestTo, "message": strings.Join(lines, "\n")}, &sent)
	fmt.Printf("Сводка отправлена %s: id=%s\n", digestTo, sent.ID)
}
