"""Открывает интерактивный диалог «Заявка на выкладку»: POST /api/v4/actions/dialogs/open.

trigger_id действует 3 секунды и только один раз — берите его из свежего запроса
slash-команды или нажатия кнопки.
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


SERVER_URL = env("SERVER_URL")
ACCESS_TOKEN = env("ACCESS_TOKEN")
TRIGGER_ID = env("TRIGGER_ID")
DIALOG_URL = env("DIALOG_URL")

DIALOG = {
    "callback_id": "deploy-request",
    "title": "Заявка на выкладку",
    "introduction_text": "Заявку получит согласующий, а канал увидит её после отправки.",
    "submit_label": "Отправить",
    "notify_on_cancel": True,
    "state": "release-2.14.0",
    "elements": [
        {
            "display_name": "Окружение",
            "name": "environment",
            "type": "radio",
            "default": "staging",
            "options": [
                {"text": "Тестовое (staging)", "value": "staging"},
                {"text": "Рабочее (production)", "value": "production"},
            ],
        },
        {
            "display_name": "Версия",
            "name": "version",
            "type": "text",
            "subtype": "text",
            "placeholder": "2.14.0",
            "help_text": "Номер сборки в формате X.Y.Z.",
            "min_length": 5,
            "max_length": 20,
        },
        {
            "display_name": "Согласующий",
            "name": "approver",
            "type": "select",
            "data_source": "users",
            "placeholder": "Начните вводить имя",
        },
        {
            "display_name": "Комментарий",
            "name": "comment",
            "type": "textarea",
            "optional": True,
            "max_length": 1000,
            "placeholder": "Что меняется и как откатить",
        },
        {
            "display_name": "Уведомление",
            "name": "notify_approver",
            "type": "bool",
            "optional": True,
            "default": "true",
            "placeholder": "Написать согласующему в личные сообщения",
        },
    ],
}


def api(method: str, path: str, body: dict) -> dict:
    request = urllib.request.Request(
        SERVER_URL + path,
        data=json.dumps(body).encode("utf-8"),
        method=method,
        headers={
            "Authorization": f"Bearer {ACCESS_TOKEN}",
            "Content-Type": "application/json",
        },
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.load(response)
    except urllib.error.HTTPError as error:
        sys.exit(f"Диалог не открыт: HTTP {error.code} {error.read().decode('utf-8', 'replace')}")


result = api(
    "POST",
    "/api/v4/actions/dialogs/open",
    {"trigger_id": TRIGGER_ID, "url": DIALOG_URL, "dialog": DIALOG},
)
print(f"Диалог «{DIALOG['title']}» открыт: status={result['status']}")
print(f"Полей в форме: {len(DIALOG['elements'])}")
print(f"Ответ придёт на {DIALOG_URL}")
