"""Проверяет токен доступа OAuth 2.0: запрашивает учётную запись, от имени которой он выдан.

Переменные окружения: SERVER_URL и ACCESS_TOKEN (access_token из ответа /oauth/access_token).
"""
import json
import os
import sys
import urllib.error
import urllib.request


def env(name: str) -> str:
    value = os.environ.get(name, "")
    if not value:
        sys.exit(f"Задайте переменную окружения {name}")
    return value


def main() -> None:
    request = urllib.request.Request(
        env("SERVER_URL").rstrip("/") + "/api/v4/users/me",
        headers={"Authorization": "Bearer " + env("ACCESS_TOKEN"), "Accept": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            me = json.load(response)
    except urllib.error.HTTPError as error:
        detail = error.read().decode("utf-8", "replace")
        sys.exit(f"GET /users/me: HTTP {error.code}: {detail}")

    print(f"Токен принадлежит пользователю @{me['username']} ({me['first_name']} {me['last_name']})")
    print(f"id={me['id']}, email={me['email']}")
    print(f"Роли: {me['roles']}")


if __name__ == "__main__":
    main()
