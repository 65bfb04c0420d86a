"""Первая интеграция с Time: проверяем сервер, токен и список своих команд."""
import json
import os
import sys
import urllib.error
import urllib.request


def env(name):
    value = os.environ.get(name, "")
    if not value:
        sys.exit(f"Не задана переменная окружения {name}")
    return value


API = env("SERVER_URL").rstrip("/") + "/api/v4"
ACCESS_TOKEN = env("ACCESS_TOKEN")


def api(method, path, token=ACCESS_TOKEN):
    """Выполняет запрос и возвращает разобранный JSON. При коде 400 и выше urllib бросает HTTPError."""
    request = urllib.request.Request(API + path, method=method)
    request.add_header("Accept", "application/json")
    if token:
        request.add_header("Authorization", "Bearer " + token)
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.load(response)


def main():
    # 1. Сервер работает? Проверка доступности не требует токена.
    ping = api("GET", "/system/ping", token=None)
    print(f"Сервер отвечает: status={ping['status']}")

    # 2. Кому принадлежит токен?
    me = api("GET", "/users/me")
    print(
        f"Токен принадлежит пользователю {me['username']} "
        f"({me.get('first_name', '')} {me.get('last_name', '')}), id={me['id']}"
    )
    print(f"Роли: {me['roles']}")

    # 3. В каких командах состоит пользователь?
    teams = api("GET", "/users/me/teams")
    print(f"Команд: {len(teams)}")
    for team in teams:
        print(f"- {team['name']} «{team['display_name']}», id={team['id']}")


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
