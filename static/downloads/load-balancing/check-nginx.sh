#!/bin/bash
# Проверка nginx для keepalived (vrrp_script chk_nginx в keepalived.conf), запускается каждые 2 секунды.
# Код 0: nginx на этом балансировщике обслуживает запросы и может держать плавающий адрес.
# Любой другой код: nginx остановлен или завис, адрес переходит на второй балансировщик.
set -u

# Служба запущена: не остановлена и не в состоянии failed.
if ! systemctl is-active --quiet nginx; then
    echo "nginx is not active" >&2
    exit 1
fi

# Рабочий процесс отвечает за 2 секунды. /nginx-health отдаёт сам nginx (time-lb.conf), а не Time:
# отказ узла Time не должен переносить адрес, ведь второй балансировщик видит те же узлы.
if ! curl --silent --fail --max-time 2 --output /dev/null http://127.0.0.1/nginx-health; then
    echo "nginx does not answer on http://127.0.0.1/nginx-health" >&2
    exit 1
fi

exit 0
