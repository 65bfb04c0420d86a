"""Слушатель событий Time по WebSocket: аутентификация, hello, события posted, переподключение
с экспоненциальной задержкой и догрузка пропущенных сообщений через REST API.

Нужен пакет websocket-client: python3 -m pip install websocket-client
"""
import json
import os
import random
import sys
import time
import urllib.error
import urllib.request

import websocket  # пакет websocket-client


def env(name):
    value = os.environ.get(name, "")
    if not value:
        sys.exit(f"Не задана переменная окружения {name}")
    return value


SERVER_URL = env("SERVER_URL").rstrip("/")
ACCESS_TOKEN = env("ACCESS_TOKEN")
# Сколько событий posted обработать до выхода; 0 — слушать, пока программу не остановят.
MAX_POSTS = int(os.environ.get("MAX_POSTS", "1"))
WS_URL = "ws" + SERVER_URL[len("http"):] + "/api/v4/websocket"
READ_TIMEOUT_S = 120  # ни данных, ни ping за это время — соединение считаем потерянным
MAX_BACKOFF_S = 60
NOT_AUTHENTICATED = (
    "Сервер закрыл соединение, не подтвердив аутентификацию: "
    "токен неверен, отозван или принадлежит отключённому пользователю"
)


class FatalError(Exception):
    """Ошибка, которую повтор не исправит: неверный токен, нет прав."""


class Done(Exception):
    """Обработано MAX_POSTS сообщений."""


handled = 0
# Канал → время create_at последнего полученного сообщения: с него догружаем пропущенное.
last_seen = {}


def catch_up():
    """Догружает через REST сообщения, пришедшие, пока соединения не было: GET /channels/{id}/posts?since=…"""
    for channel_id, since in list(last_seen.items()):
        request = urllib.request.Request(
            f"{SERVER_URL}/api/v4/channels/{channel_id}/posts?since={since}",
            headers={"Authorization": "Bearer " + ACCESS_TOKEN, "Accept": "application/json"},
        )
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                post_list = json.load(response)
        except urllib.error.URLError as error:
            print(f"Не удалось догрузить канал {channel_id}: {error}", file=sys.stderr)
            continue
        for post_id in reversed(post_list["order"]):
            post = post_list["posts"].get(post_id)
            if not post or post["create_at"] <= since:
                continue
            print(f"Пропущенное сообщение в канале {channel_id}: {post['message']} (id={post['id']})")
            last_seen[channel_id] = max(last_seen.get(channel_id, 0), post["create_at"])


def session(reconnect):
    """Одно соединение. Возвращает True, если успело прийти событие hello."""
    global handled
    hello_received = False
    authenticated = False
    expected_seq = 0
    try:
        ws = websocket.create_connection(WS_URL, timeout=READ_TIMEOUT_S)
    except websocket.WebSocketBadStatusException as error:
        # 4xx (кроме 429) не исправится повтором — выходим; 5xx и 429 — переподключаемся.
        if 400 <= error.status_code < 500 and error.status_code != 429:
            raise FatalError(f"Сервер отклонил подключение: HTTP {error.status_code}") from error
        raise
    try:
        print(f"Рукопожатие WebSocket: HTTP {ws.getstatus()}", flush=True)
        # Первый кадр — запрос аутентификации с токеном; seq растёт с каждым действием клиента.
        ws.send(json.dumps({"seq": 1, "action": "authentication_challenge", "data": {"token": ACCESS_TOKEN}}))
        while True:
            # На неверный токен сервер не отвечает ошибкой, а молча разрывает соединение.
            # Разрыв до ответа OK на seq=1 означает отказ, и повтор его не исправит.
            try:
                raw = ws.recv()
            except (websocket.WebSocketConnectionClosedException, ConnectionResetError):
                if not authenticated:
                    raise FatalError(NOT_AUTHENTICATED) from None
                raise
            if not raw:
                # Сервер закрыл соединение.
                if not authenticated:
                    raise FatalError(NOT_AUTHENTICATED)
                return hello_received
            frame = json.loads(raw)

            if "seq_reply" in frame:
                if frame.get("status") != "OK":
                    error = frame.get("error") or {}
                    raise FatalError(
                        f"Ошибка в ответе на seq={frame['seq_reply']}: {error.get('id')} {error.get('message')}"
                    )
                if frame["seq_reply"] == 1:
                    authenticated = True
                    print(f"Аутентификация пройдена: seq_reply={frame['seq_reply']}", flush=True)
                continue

            # События нумеруются с нуля (hello) и идут подряд; пропуск номера — потерянные события.
            if "seq" in frame:
                if frame["seq"] != expected_seq:
                    print(f"Пропущены события: ожидался seq={expected_seq}, пришёл {frame['seq']}", file=sys.stderr)
                    catch_up()
                expected_seq = frame["seq"] + 1

            data = frame.get("data") or {}
            if frame.get("event") == "hello":
                hello_received = True
                # server_version reads "<release>.<build number>.<client config hash>.<enterprise build>": the first three parts are the release.
                release = ".".join(str(data.get("server_version", "")).split(".")[:3])
                print(f"Подключено к Time {release}, соединение {data.get('connection_id')}", flush=True)
                if reconnect:
                    catch_up()
            elif frame.get("event") == "posted":
                # data.post — это строка JSON, её нужно разобрать ещё раз.
                post = json.loads(data["post"])
                last_seen[post["channel_id"]] = max(last_seen.get(post["channel_id"], 0), post["create_at"])
                print(
                    f"Новое сообщение в {data.get('channel_name')} от {data.get('sender_name')}: "
                    f"{post['message']} (id={post['id']})",
                    flush=True,
                )
                handled += 1
                if 0 < MAX_POSTS <= handled:
                    print(f"Обработано сообщений: {handled}, соединение закрыто", flush=True)
                    raise Done()
    finally:
        ws.close()


def main():
    attempt = 0
    number = 0
    while True:
        try:
            hello_received = session(reconnect=number > 0)
        except Done:
            return
        except FatalError as error:
            sys.exit(str(error))
        except (websocket.WebSocketException, OSError) as error:
            print(f"Ошибка соединения: {error}", file=sys.stderr)
            hello_received = False
        number += 1
        # После удачного подключения задержка начинается заново.
        attempt = 0 if hello_received else attempt + 1
        # Экспоненциальная задержка 1, 2, 4 … 60 секунд со случайной добавкой до 1 секунды.
        delay = min(MAX_BACKOFF_S, 2 ** attempt) + random.random()
        print(f"Соединение потеряно, переподключение через {delay:.1f} с", file=sys.stderr)
        time.sleep(delay)


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        pass
