"""Регистрирует приложение OAuth 2.0 и печатает CLIENT_ID и CLIENT_SECRET.

Переменные окружения: SERVER_URL, ACCESS_TOKEN, APP_NAME, APP_DESCRIPTION, APP_HOMEPAGE, REDIRECT_URI.
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
    server_url = env("SERVER_URL").rstrip("/")
    body = {
        "name": env("APP_NAME"),
        "description": env("APP_DESCRIPTION"),
        "homepage": env("APP_HOMEPAGE"),
        "callback_urls": [env("REDIRECT_URI")],
        "is_trusted": False,
    }
    request = urllib.request.Request(
        server_url + "/api/v4/oauth/apps",
        data=json.dumps(body).encode("utf-8"),
        method="POST",
        headers={
            "Authorization": "Bearer " + env("ACCESS_TOKEN"),
            "Content-Type": "application/json",
            "Accept": "application/json",
        },
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            app = json.load(response)
    except urllib.error.HTTPError as error:
        detail = error.read().decode("utf-8", "replace")
        sys.exit(f"POST /oauth/apps: HTTP {error.code}: {detail}")

    print(f"Приложение OAuth 2.0 «{app['name']}» зарегистрировано")
    print(f"CLIENT_ID={app['id']}")
    print(f"CLIENT_SECRET={app['client_secret']}")
    print("Адреса перенаправления: " + ", ".join(app["callback_urls"]))
    print("Доверенное: " + ("да" if app.get("is_trusted") else "нет"))


if __name__ == "__main__":
    main()
