"""Отправка сообщений: в канал по имени, ответ в обсуждении и сообщение по peer с idempotency_key."""
import json
import os
import sys
import urllib.error
import urllib.parse
import time
import urllib.request


def env(name):
    value = os.environ.get(name, "")
    if not value:
        sys.exit(f"Не задана переменная окружения {name}")
    return value


API = env("SERVER_URL").rstrip("/") + "/api/v4"
ACCESS_TOKEN = env("ACCESS_TOKEN")
TEAM_NAME = env("TEAM_NAME")
CHANNEL_NAME = env("CHANNEL_NAME")
PEER = env("PEER")

ROOT_MESSAGE = (
    "**Сборка 1452 прошла** :white_check_mark:\n\n"
    "| Этап | Длительность |\n"
    "|---|---|\n"
    "| Тесты | 4 мин |\n"
    "| Выкладка на стенд | 2 мин |\n\n"
    "Подробности — в обсуждении."
)
REPLY_MESSAGE = "Журнал сборки: `/var/log/ci/1452.log`. Стенд обновлён до сборки 1452."
PEER_MESSAGE = "Сборка 1452 готова к проверке на стенде."


def api(method, path, body=None):
    """Выполняет запрос и возвращает разобранный JSON. При коде 400 и выше urllib бросает HTTPError."""
    data = None if body is None else json.dumps(body).encode("utf-8")
    request = urllib.request.Request(API + path, data=data, method=method)
    request.add_header("Accept", "application/json")
    request.add_header("Authorization", "Bearer " + ACCESS_TOKEN)
    if data is not None:
        request.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.load(response)


def quote(value):
    return urllib.parse.quote(value, safe="")


def main():
    # 1. Находим канал по имени команды и имени канала — так же, как они записаны в ссылке на канал.
    channel = api("GET", f"/teams/name/{quote(TEAM_NAME)}/channels/name/{quote(CHANNEL_NAME)}")
    channel_id = channel["id"]
    print(f"Канал {TEAM_NAME}/{CHANNEL_NAME} найден: id={channel_id}")

    # 2. Публикуем сообщение с разметкой Markdown.
    root = api("POST", "/posts", {"channel_id": channel_id, "message": ROOT_MESSAGE})
    root_id = root["id"]
    print(f"Сообщение опубликовано: id={root_id}")

    # 3. Отвечаем в обсуждении: root_id — идентификатор корневого сообщения.
    reply = api("POST", "/posts", {"channel_id": channel_id, "root_id": root_id, "message": REPLY_MESSAGE})
    print(f"Ответ в обсуждении {root_id} опубликован: id={reply['id']}")

    # 4. Пишем адресату по имени (peer) с ключом идемпотентности. Time узнаёт повтор, только если ключ
    #    имеет вид <id владельца токена>:<время в мс>: время берётся один раз на логическое сообщение
    #    и повторяется во всех попытках его отправить.
    me_id = api("GET", "/users/me")["id"]
    print(f"Ключ идемпотентности составлен для пользователя id={me_id}")
    body = {
        "peer": PEER,
        "message": PEER_MESSAGE,
        "idempotency_key": f"{me_id}:{time.time_ns() // 1_000_000}",
    }
    first = api("POST", "/posts", body)
    print(f"Сообщение для {PEER} отправлено: id={first['id']}")

    # Повторяем тот же запрос, как после обрыва связи. В течение 30 секунд сервер вернёт уже созданное
    # сообщение; повтор позже может создать второе.
    second = api("POST", "/posts", body)
    if second["id"] != first["id"]:
        sys.exit(f"Внимание: повтор создал новое сообщение id={second['id']}")
    print(f"Повтор с тем же idempotency_key вернул то же сообщение: id={second['id']}")


if __name__ == "__main__":
    try:
        main()
    except urllib.error.HTTPError as error:
        # Тело ошибки — объект AppError: id, message, request_id, status_code.
        body = error.read().decode("utf-8", "replace")
        print(f"Ошибка HTTP {error.code} на {error.url}: {body}", file=sys.stderr)
        sys.exit(1)
    except urllib.error.URLError as error:
        print(f"Сервер недоступен: {error.reason}", file=sys.stderr)
        sys.exit(1)
