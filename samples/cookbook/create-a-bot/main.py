"""Создание бота: учётная запись, токен, членство в команде и канале, первое сообщение от имени бота.

Нужен токен системного администратора (или пользователя с правами create_bot и manage_bots).
"""
import json
import os
import sys
import urllib.error
import urllib.parse
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
BOT_USERNAME = env("BOT_USERNAME")


def api(method, path, body=None, token=ACCESS_TOKEN):
    """Выполняет запрос и возвращает разобранный JSON. При коде 400 и выше urllib бросает HTTPError."""
    data = None if body is None else json.dumps(body).encode("utf-8")
    request = urllib.request.Request(API + path, data=data, method=method)
    request.add_header("Accept", "application/json")
    request.add_header("Authorization", "Bearer " + token)
    if data is not None:
        request.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.load(response)


def quote(value):
    return urllib.parse.quote(value, safe="")


def main():
    # 1. Идентификаторы команды и канала, куда добавим бота.
    team = api("GET", f"/teams/name/{quote(TEAM_NAME)}")
    print(f"Команда {TEAM_NAME}: id={team['id']}")
    channel = api("GET", f"/teams/name/{quote(TEAM_NAME)}/channels/name/{quote(CHANNEL_NAME)}")
    print(f"Канал {CHANNEL_NAME}: id={channel['id']}")

    # 2. Учётная запись бота. Владельцем станет пользователь, которому принадлежит ACCESS_TOKEN.
    bot = api("POST", "/bots", {
        "username": BOT_USERNAME,
        "display_name": "Деплой",
        "description": "Сообщает о выкладках на стенд и в продуктив.",
    })
    bot_id = bot["user_id"]
    print(f"Бот создан: @{bot['username']} «{bot['display_name']}», user_id={bot_id}")

    # 3. Токен бота. Значение token приходит только в этом ответе.
    token = api("POST", f"/users/{bot_id}/tokens", {"description": "CI: уведомления о выкладках"})
    bot_token = token["token"]
    print(f"Токен бота выпущен: id={token['id']}")
    print(f"Сохраните токен бота, он показывается один раз: {bot_token}")

    # 4. Бот вступает в команду, затем в канал (в канал можно добавить только участника команды).
    member = api("POST", f"/teams/{team['id']}/members", {"team_id": team["id"], "user_id": bot_id})
    print(f"Бот добавлен в команду {TEAM_NAME}: роли {member['roles']}")
    api("POST", f"/channels/{channel['id']}/members", {"user_id": bot_id})
    print(f"Бот добавлен в канал {CHANNEL_NAME}")

    # 5. Первое сообщение — уже с токеном бота.
    post = api("POST", "/posts", {
        "channel_id": channel["id"],
        "message": "Привет! Теперь я буду сообщать в этот канал о выкладках.",
    }, token=bot_token)
    print(f"Сообщение от имени бота опубликовано: id={post['id']}")


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
