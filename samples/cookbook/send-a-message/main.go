// Отправка сообщений: в канал по имени, ответ в обсуждении и сообщение по peer с idempotency_key.
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

const (
	rootMessage = "**Сборка 1452 прошла** :white_check_mark:\n\n" +
		"| Этап | Длительность |\n" +
		"|---|---|\n" +
		"| Тесты | 4 мин |\n" +
		"| Выкладка на стенд | 2 мин |\n\n" +
		"Подробности — в обсуждении."
	replyMessage = "Журнал сборки: `/var/log/ci/1452.log`. Стенд обновлён до сборки 1452."
	peerMessage  = "Сборка 1452 готова к проверке на стенде."
)

type channel struct {
	ID string `json:"id"`
}

type post struct {
	ID string `json:"id"`
}

type user struct {
	ID string `json:"id"`
}

// newPost — тело POST /api/v4/posts. Адресат — channel_id или peer; если переданы оба, действует channel_id.
type newPost struct {
	ChannelID      string `json:"channel_id,omitempty"`
	Peer           string `json:"peer,omitempty"`
	RootID         string `json:"root_id,omitempty"`
	Message        string `json:"message"`
	IdempotencyKey string `json:"idempotency_key,omitempty"`
}

var (
	httpClient = &http.Client{Timeout: 30 * time.Second}
	apiURL     string
	token      string
)

func env(name string) string {
	value := os.Getenv(name)
	if value == "" {
		log.Fatalf("Не задана переменная окружения %s", name)
	}
	return value
}

// api выполняет запрос и раскладывает JSON-ответ в out. При коде ответа не 2xx программа завершается
// с кодом 1 и печатает тело ошибки (объект AppError).
func api(method, path string, in, out any) {
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
	if err := json.Unmarshal(body, out); err != nil {
		log.Fatalf("Ответ не JSON: %v", err)
	}
}

func main() {
	log.SetFlags(0)
	apiURL = strings.TrimRight(env("SERVER_URL"), "/") + "/api/v4"
	token = env("ACCESS_TOKEN")
	teamName := env("TEAM_NAME")
	channelName := env("CHANNEL_NAME")
	peer := env("PEER")

	// 1. Находим канал по имени команды и имени канала — так же, как они записаны в ссылке на канал.
	var ch channel
	api("GET", "/teams/name/"+url.PathEscape(teamName)+"/channels/name/"+url.PathEscape(channelName), nil, &ch)
	fmt.Printf("Канал %s/%s найден: id=%s\n", teamName, channelName, ch.ID)

	// 2. Публикуем сообщение с разметкой Markdown.
	var root post
	api("POST", "/posts", newPost{ChannelID: ch.ID, Message: rootMessage}, &root)
	fmt.Printf("Сообщение опубликовано: id=%s\n", root.ID)

	// 3. Отвечаем в обсуждении: root_id — идентификатор корневого сообщения.
	var reply post
	api("POST", "/posts", newPost{ChannelID: ch.ID, RootID: root.ID, Message: replyMessage}, &reply)
	fmt.Printf("Ответ в обсуждении %s опубликован: id=%s\n", root.ID, reply.ID)

	// 4. Пишем адресату по имени (peer) с ключом идемпотентности. Time узнаёт повтор, только если ключ
	//    имеет вид <id владельца токена>:<время в мс>: время берётся один раз на логическое сообщение
	//    и повторяется во всех попытках его отправить.
	var me user
	api("GET", "/users/me", nil, &me)
	fmt.Printf("Ключ идемпотентности составлен для пользователя id=%s\n", me.ID)
	key := fmt.Sprintf("%s:%d", me.ID, time.Now().UnixMilli())
	body := newPost{Peer: peer, Message: peerMessage, IdempotencyKey: key}
	var first post
	api("POST", "/posts", body, &first)
	fmt.Printf("Сообщение для %s отправлено: id=%s\n", peer, first.ID)

	// Повторяем тот же запрос, как после обрыва связи. В течение 30 секунд сервер вернёт уже созданное
	// сообщение; повтор позже может создать второе.
	var second post
	api("POST", "/posts", body, &second)
	if second.ID != first.ID {
		log.Fatalf("Внимание: повтор создал новое сообщение id=%s", second.ID)
	}
	fmt.Printf("Повтор с тем же idempotency_key вернул то же сообщение: id=%s\n", second.ID)
}
