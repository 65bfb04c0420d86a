// Слушатель событий Time по WebSocket: аутентификация, hello, события posted, переподключение
// с экспоненциальной задержкой и догрузка пропущенных сообщений через REST API.
// Нужен модуль github.com/gorilla/websocket: go get github.com/gorilla/websocket
package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"math/rand"
	"net/http"
	"os"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/gorilla/websocket"
)

const (
	readTimeout = 120 * time.Second // ни данных, ни ping за это время — соединение считаем потерянным
	maxBackoff  = 60 * time.Second

	notAuthenticated = "Сервер закрыл соединение, не подтвердив аутентификацию: " +
		"токен неверен, отозван или принадлежит отключённому пользователю"
)

// frame — кадр сервера: событие (event, data, seq) или ответ на действие клиента (status, seq_reply).
type frame struct {
	Event    string                     `json:"event"`
	Data     map[string]json.RawMessage `json:"data"`
	Seq      *int64                     `json:"seq"`
	Status   string                     `json:"status"`
	SeqReply *int64                     `json:"seq_reply"`
	Error    *struct {
		ID      string `json:"id"`
		Message string `json:"message"`
	} `json:"error"`
}

type post struct {
	ID        string `json:"id"`
	CreateAt  int64  `json:"create_at"`
	ChannelID string `json:"channel_id"`
	Message   string `json:"message"`
}

type postList struct {
	Order []string        `json:"order"`
	Posts map[string]post `json:"posts"`
}

// fatalError — ошибка, которую повтор не исправит: неверный токен, нет прав.
type fatalError struct{ msg string }

func (e fatalError) Error() string { return e.msg }

var (
	errDone     = errors.New("обработано MAX_POSTS сообщений")
	jitter      = rand.New(rand.NewSource(time.Now().UnixNano()))
	serverURL   string
	accessToken string
	maxPosts    int
	handled     int
	// Канал → время create_at последнего полученного сообщения: с него догружаем пропущенное.
	lastSeen = map[string]int64{}
)

func env(name string) string {
	value := os.Getenv(name)
	if value == "" {
		log.Fatalf("Не задана переменная окружения %s", name)
	}
	return value
}

// str достаёт строковое поле из data события.
func str(data map[string]json.RawMessage, key string) string {
	var s string
	_ = json.Unmarshal(data[key], &s)
	return s
}

// catchUp догружает через REST сообщения, пришедшие, пока соединения не было: GET /channels/{id}/posts?since=…
func catchUp() {
	for channelID, since := range lastSeen {
		url := serverURL + "/api/v4/channels/" + channelID + "/posts?since=" + strconv.FormatInt(since, 10)
		req, err := http.NewRequest("GET", url, nil)
		if err != nil {
			log.Printf("Не удалось догрузить канал %s: %v", channelID, err)
			continue
		}
		req.Header.Set("Authorization", "Bearer "+accessToken)
		req.Header.Set("Accept", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			log.Printf("Не удалось догрузить канал %s: %v", channelID, err)
			continue
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		var list postList
		if resp.StatusCode != http.StatusOK || json.Unmarshal(body, &list) != nil {
			log.Printf("Не удалось догрузить канал %s: HTTP %d %s", channelID, resp.StatusCode, body)
			continue
		}
		missed := make([]post, 0, len(list.Order))
		for _, id := range list.Order {
			if p, ok := list.Posts[id]; ok && p.CreateAt > since {
				missed = append(missed, p)
			}
		}
		sort.Slice(missed, func(i, j int) bool { return missed[i].CreateAt < missed[j].CreateAt })
		for _, p := range missed {
			fmt.Printf("Пропущенное сообщение в канале %s: %s (id=%s)\n", channelID, p.Message, p.ID)
			lastSeen[channelID] = p.CreateAt
		}
	}
}

// session обслуживает одно соединение. Возвращает true, если успело прийти событие hello.
func session(wsURL string, reconnect bool) (bool, error) {
	dialer := websocket.Dialer{Proxy: http.ProxyFromEnvironment, HandshakeTimeout: 15 * time.Second}
	conn, resp, err := dialer.Dial(wsURL, nil)
	if err != nil {
		if resp != nil {
			body, _ := io.ReadAll(resp.Body)
			// 4xx (кроме 429) не исправится повтором — выходим; 5xx и 429 — переподключаемся.
			if resp.StatusCode >= 400 && resp.StatusCode < 500 && resp.StatusCode != http.StatusTooManyRequests {
				return false, fatalError{fmt.Sprintf("Сервер отклонил подключение: HTTP %d %s", resp.StatusCode, body)}
			}
		}
		return false, err
	}
	defer conn.Close()
	fmt.Printf("Рукопожатие WebSocket: HTTP %d\n", resp.StatusCode)

	// Сервер периодически присылает ping: отвечаем pong и продлеваем срок ожидания.
	conn.SetPingHandler(func(data string) error {
		_ = conn.SetReadDeadline(time.Now().Add(readTimeout))
		return conn.WriteControl(websocket.PongMessage, []byte(data), time.Now().Add(5*time.Second))
	})

	// Первый кадр — запрос аутентификации с токеном; seq растёт с каждым действием клиента.
	challenge := map[string]any{"seq": 1, "action": "authentication_challenge", "data": map[string]string{"token": accessToken}}
	if err := conn.WriteJSON(challenge); err != nil {
		return false, err
	}

	helloReceived := false
	authenticated := false
	var expectedSeq int64
	for {
		_ = conn.SetReadDeadline(time.Now().Add(readTimeout))
		_, raw, err := conn.ReadMessage()
		if err != nil {
			// На неверный токен сервер не отвечает ошибкой, а молча разрывает соединение.
			// Разрыв до ответа OK на seq=1 означает отказ, и повтор его не исправит.
			if !authenticated {
				return helloReceived, fatalError{notAuthenticated}
			}
			return helloReceived, err
		}
		var f frame
		if err := json.Unmarshal(raw, &f); err != nil {
			return helloReceived, fmt.Errorf("кадр не JSON: %w", err)
		}

		if f.SeqReply != nil {
			if f.Status != "OK" {
				msg := fmt.Sprintf("Ошибка в ответе на seq=%d", *f.SeqReply)
				if f.Error != nil {
					msg += ": " + f.Error.ID + " " + f.Error.Message
				}
				return helloReceived, fatalError{msg}
			}
			if *f.SeqReply == 1 {
				authenticated = true
				fmt.Printf("Аутентификация пройдена: seq_reply=%d\n", *f.SeqReply)
			}
			continue
		}

		// События нумеруются с нуля (hello) и идут подряд; пропуск номера — потерянные события.
		if f.Seq != nil {
			if *f.Seq != expectedSeq {
				log.Printf("Пропущены события: ожидался seq=%d, пришёл %d", expectedSeq, *f.Seq)
				catchUp()
			}
			expectedSeq = *f.Seq + 1
		}

		switch f.Event {
		case "hello":
			helloReceived = true
			fmt.Printf("Подключено к Time %s, соединение %s\n", serverRelease(str(f.Data, "server_version")), str(f.Data, "connection_id"))
			if reconnect {
				catchUp()
			}
		case "posted":
			// data.post — это строка JSON, её нужно разобрать ещё раз.
			var p post
			if err := json.Unmarshal([]byte(str(f.Data, "post")), &p); err != nil {
				log.Printf("Не удалось разобрать сообщение: %v", err)
				continue
			}
			if p.CreateAt > lastSeen[p.ChannelID] {
				lastSeen[p.ChannelID] = p.CreateAt
			}
			fmt.Printf("Новое сообщение в %s от %s: %s (id=%s)\n", str(f.Data, "channel_name"), str(f.Data, "sender_name"), p.Message, p.ID)
			handled++
			if maxPosts > 0 && handled >= maxPosts {
				fmt.Printf("Обработано сообщений: %d, соединение закрыто\n", handled)
				closeMsg := websocket.FormatCloseMessage(websocket.CloseNormalClosure, "")
				_ = conn.WriteControl(websocket.CloseMessage, closeMsg, time.Now().Add(time.Second))
				return true, errDone
			}
		}
	}
}

func main() {
	log.SetFlags(0)
	serverURL = strings.TrimRight(env("SERVER_URL"), "/")
	accessToken = env("ACCESS_TOKEN")
	// Сколько событий posted обработать до выхода; 0 — слушать, пока программу не остановят.
	maxPosts = 1
	if value := os.Getenv("MAX_POSTS"); value != "" {
		n, err := strconv.Atoi(value)
		if err != nil {
			log.Fatalf("MAX_POSTS должно быть числом: %v", err)
		}
		maxPosts = n
	}
	wsURL := "ws" + strings.TrimPrefix(serverURL, "http") + "/api/v4/websocket"

	attempt := 0
	for number := 0; ; number++ {
		helloReceived, err := session(wsURL, number > 0)
		if errors.Is(err, errDone) {
			return
		}
		var fatal fatalError
		if errors.As(err, &fatal) {
			log.Fatal(fatal.msg)
		}
		log.Printf("Ошибка соединения: %v", err)
		// После удачного подключения задержка начинается заново.
		if helloReceived {
			attempt = 0
		} else {
			attempt++
		}
		// Экспоненциальная задержка 1, 2, 4 … 60 секунд со случайной добавкой до 1 секунды.
		delay := time.Second << attempt
		if attempt > 6 || delay > maxBackoff {
			delay = maxBackoff
		}
		delay += time.Duration(jitter.Int63n(int64(time.Second)))
		log.Printf("Соединение потеряно, переподключение через %.1f с", delay.Seconds())
		time.Sleep(delay)
	}
}

// serverRelease keeps the release number of hello's server_version, which reads
// "<release>.<build number>.<client config hash>.<enterprise build>".
func serverRelease(version string) string {
	parts := strings.SplitN(version, ".", 4)
	if len(parts) < 3 {
		return version
	}
	return strings.Join(parts[:3], ".")
}
