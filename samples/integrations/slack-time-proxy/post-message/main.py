"""Бот на slack_sdk отправляет сообщения в Time через slack-time-proxy.

Код бота не меняется: меняются только базовый адрес (SLACK_API_URL) и токен
(SLACK_BOT_TOKEN — токен бота Time вместо xoxb-токена Slack).
"""
import os
import sys

from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError
from slack_sdk.http_retry.builtin_handlers import RateLimitErrorRetryHandler


def make_client() -> WebClient:
    api_url = os.environ.get("SLACK_API_URL", "https://time.example.ru/slack/api/")
    if not api_url.endswith("/"):
        api_url += "/"
    client = WebClient(token=os.environ["SLACK_BOT_TOKEN"], base_url=api_url, timeout=30)
    # Ответ 429 прокси приходит с заголовком Retry-After: обработчик ждёт и повторяет запрос.
    client.retry_handlers.append(RateLimitErrorRetryHandler(max_retry_count=3))
    return client


def main() -> int:
    channel = os.environ["SLACK_CHANNEL"]
    client = make_client()
    try:
        auth = client.auth_test()
        print(f"Бот: {auth['user']} (id={auth['user_id']}), команда: {auth['team']}")

        root = client.chat_postMessage(
            channel=channel,
            text="Сборка *1452* прошла успешно, ветка `main`",
        )
        print(f"Сообщение отправлено: ts={root['ts']}, канал={root['channel']}")

        reply = client.chat_postMessage(
            channel=channel,
            thread_ts=root["ts"],
            text="Тесты: 412 из 412, длительность 4 мин 12 с",
        )
        print(f"Ответ в обсуждении: ts={reply['ts']}")

        client.reactions_add(channel=channel, timestamp=root["ts"], name="white_check_mark")
        print("Реакция поставлена: white_check_mark")

        link = client.chat_getPermalink(channel=channel, message_ts=root["ts"])
        print(f"Ссылка на сообщение: {link['permalink']}")
    except SlackApiError as err:
        details = err.response.get("response_metadata") or {}
        print(f"Ошибка {err.response.get('error')}: {details}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
