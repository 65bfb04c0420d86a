"""Приложение на Bolt для Python, которое работает с Time через slack-time-proxy.

Отличия от приложения для Slack — только в создании клиента: WebClient получает
base_url прокси. Подпись событий проверяется секретом SLACK_SIGNING_SECRET, в нём
то же значение, что в PROXY_SIGNING_SECRET у прокси.
"""
import logging
import os
import re

from slack_bolt import App
from slack_sdk import WebClient

logging.basicConfig(level=logging.INFO)

API_URL = os.environ.get("SLACK_API_URL", "https://time.example.ru/slack/api/")
TOKEN = os.environ["SLACK_BOT_TOKEN"]

client = WebClient(token=TOKEN, base_url=API_URL if API_URL.endswith("/") else API_URL + "/")

# При запуске Bolt вызывает auth.test — запрос тоже идёт через прокси.
app = App(
    token=TOKEN,
    client=client,
    signing_secret=os.environ["SLACK_SIGNING_SECRET"],
)

DEPLOY_RE = re.compile(r"deploy\s+(staging|production)", re.IGNORECASE)


@app.event("app_mention")
def on_mention(event, say, logger):
    """Отвечает в обсуждении на упоминание бота: «@deploy-bot deploy staging»."""
    text = event.get("text", "")
    match = DEPLOY_RE.search(text)
    thread_ts = event.get("thread_ts") or event["ts"]
    if match is None:
        say(text=f"<@{event['user']}>, напишите: deploy staging или deploy production", thread_ts=thread_ts)
        return
    target = match.group(1).lower()
    logger.info("выкладка %s по запросу %s", target, event["user"])
    say(text=f"<@{event['user']}>, запускаю выкладку на *{target}*", thread_ts=thread_ts)


@app.event("reaction_added")
def on_reaction(event, client, logger):
    """Если на сообщение поставили :rocket:, бот отвечает в обсуждении этого сообщения."""
    if event.get("reaction") != "rocket" or event["item"].get("type") != "message":
        return
    client.chat_postMessage(
        channel=event["item"]["channel"],
        thread_ts=event["item"]["ts"],
        text=f"<@{event['user']}> отметил(а) сообщение ракетой",
    )
    logger.info("реакция rocket от %s", event["user"])


@app.event("message")
def on_message(event, logger):
    """Остальные сообщения бот не обрабатывает, но подтверждает, чтобы прокси не повторял доставку."""
    logger.debug("сообщение %s в канале %s", event.get("ts"), event.get("channel"))


if __name__ == "__main__":
    # Адрес приёма событий: http://<хост>:PORT/slack/events — его укажите в PROXY_EVENTS_URL.
    app.start(port=int(os.environ.get("PORT", "8080")), path="/slack/events")
