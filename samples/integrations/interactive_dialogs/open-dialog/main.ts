// Открывает интерактивный диалог «Заявка на выкладку»: POST /api/v4/actions/dialogs/open.
// trigger_id действует 3 секунды и только один раз — берите его из свежего запроса
// slash-команды или нажатия кнопки.

function env(name: string): string {
  const value = process.env[name];
  if (!value) {
    console.error(`Задайте переменную окружения ${name}`);
    process.exit(1);
  }
  return value;
}

const SERVER_URL = env('SERVER_URL');
const ACCESS_TOKEN = env('ACCESS_TOKEN');
const TRIGGER_ID = env('TRIGGER_ID');
const DIALOG_URL = env('DIALOG_URL');

interface DialogElement {
  display_name: string;
  name: string;
  type: 'text' | 'textarea' | 'select' | 'bool' | 'radio';
  subtype?: 'text' | 'email' | 'number' | 'password' | 'tel' | 'url';
  default?: string;
  placeholder?: string;
  help_text?: string;
  optional?: boolean;
  min_length?: number;
  max_length?: number;
  data_source?: 'users' | 'channels';
  options?: {text: string; value: string}[];
}

interface Dialog {
  callback_id: string;
  title: string;
  introduction_text: string;
  submit_label: string;
  notify_on_cancel: boolean;
  state: string;
  elements: DialogElement[];
}

const dialog: Dialog = {
  callback_id: 'deploy-request',
  title: 'Заявка на выкладку',
  introduction_text: 'Заявку получит согласующий, а канал увидит её после отправки.',
  submit_label: 'Отправить',
  notify_on_cancel: true,
  state: 'release-2.14.0',
  elements: [
    {
      display_name: 'Окружение',
      name: 'environment',
      type: 'radio',
      default: 'staging',
      options: [
        {text: 'Тестовое (staging)', value: 'staging'},
        {text: 'Рабочее (production)', value: 'production'},
      ],
    },
    {
      display_name: 'Версия',
      name: 'version',
      type: 'text',
      subtype: 'text',
      placeholder: '2.14.0',
      help_text: 'Номер сборки в формате X.Y.Z.',
      min_length: 5,
      max_length: 20,
    },
    {
      display_name: 'Согласующий',
      name: 'approver',
      type: 'select',
      data_source: 'users',
      placeholder: 'Начните вводить имя',
    },
    {
      display_name: 'Комментарий',
      name: 'comment',
      type: 'textarea',
      optional: true,
      max_length: 1000,
      placeholder: 'Что меняется и как откатить',
    },
    {
      display_name: 'Уведомление',
      name: 'notify_approver',
      type: 'bool',
      optional: true,
      default: 'true',
      placeholder: 'Написать согласующему в личные сообщения',
    },
  ],
};

const response = await fetch(`${SERVER_URL}/api/v4/actions/dialogs/open`, {
  method: 'POST',
  headers: {
    Authorization: `Bearer ${ACCESS_TOKEN}`,
    'Content-Type': 'application/json',
  },
  body: JSON.stringify({trigger_id: TRIGGER_ID, url: DIALOG_URL, dialog}),
});
const text = await response.text();
if (!response.ok) {
  console.error(`Диалог не открыт: HTTP ${response.status} ${text}`);
  process.exit(1);
}
const result = JSON.parse(text) as {status: string};

console.log(`Диалог «${dialog.title}» открыт: status=${result.status}`);
console.log(`Полей в форме: ${dialog.elements.length}`);
console.log(`Ответ придёт на ${DIALOG_URL}`);
