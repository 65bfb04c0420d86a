import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {product} from '../../data/product';

// Facts of the export and import guides checked against Mattermost 7.8, the lineage of Time's server:
// - exports have only GET /exports, GET and DELETE /exports/{name} (api4/export.go); an export is the job
//   export_process created by POST /jobs, whose only data key is include_attachments (jobs/export_process);
// - imports have only GET /imports (api4/import.go): files leave the import directory through the job, the
//   import_delete retention job or the file store itself;
// - the import_process job reads only data.import_file and always writes: no dry_run, workers or
//   extract_content keys (jobs/import_process/worker.go);
// - a failed job keeps a translated text in data.error, not the error id (jobs/jobs.go SetJobError);
// - the line types are version, scheme, team, channel, user, post, direct_channel, direct_post, emoji
//   (app/import.go importLine): role and bot lines stop the import;
// - the 7.x line has no dedicated export store;
// - sizes and durations of exports and imports were never measured for Time, so pages must not state them
//   as facts in tables of "ориентиры".

const root = path.resolve(__dirname, '../..');
const dir = path.join(root, 'docs/administration/data-managment');
const pages = fs
  .readdirSync(dir, {recursive: true, withFileTypes: true})
  .filter((e) => e.isFile() && /\.mdx?$/.test(e.name))
  .map((e) => path.relative(root, path.join(e.parentPath, e.name)));

/** Why a line states a wrong data management fact, or null. */
export function wrongDataFact(line: string): string | null {
  if (/POST\s+\/api\/v4\/exports\b|-X POST "[^"]*\/api\/v4\/exports"/.test(line)) return 'no POST /api/v4/exports: an export is the job export_process';
  if (/DELETE\s+\/api\/v4\/imports|-X DELETE "[^"]*\/api\/v4\/imports/.test(line)) return 'no DELETE /api/v4/imports: only GET /api/v4/imports exists';
  if (/"(dry_run|workers|extract_content)"\s*:/.test(line)) return 'import_process reads only import_file';
  if (/DedicatedExportStore/.test(line)) return 'the dedicated export store is a later Mattermost feature';
  if (/Time 7\.8 (их )?принимает[^.]*`(role|bot)`|`(role|bot)`[^.]*Time 7\.8 (их )?принимает/.test(line)) return 'role and bot lines are unknown to Time 7.8';
  if (/Допустимы[^.]*`scheme`, `role` и `bot`/.test(line)) return 'role and bot lines are unknown to Time 7.8';
  if (/`error`\s*—\s*идентификатор ошибки/.test(line)) return 'data.error holds a translated text, not the error id';
  if (/Ориентиры\s+для\s+(сервера|узла)\s+с\s+\d+\s*vCPU/.test(line)) return 'unmeasured sizes and durations presented as a reference table';
  if (/\d+\s?МБ\s+на\s+каждый\s+миллион\s+сообщений/.test(line)) return 'an unmeasured size per message stated as a fact';
  if (/"generator":\s*"time-server"/.test(line)) return 'no source names a time-server generator';
  return null;
}

describe('data management facts', () => {
  // Lines the old pages held, and correct lines that mention the same words.
  const wrongLines = [
    'Запрос `POST /api/v4/exports` создаёт задание экспорта.',
    'curl -sS -X POST "https://time.example.ru/api/v4/exports" \\',
    'Ненужный файл удалите запросом `DELETE /api/v4/imports/{import_name}`:',
    'curl -sS -X DELETE "https://time.example.ru/api/v4/imports/time-import.zip"',
    `  -d '{"type": "import_process", "data": {"import_file": "a.zip", "dry_run": "true"}}'`,
    'docker compose exec time timectl config get FileSettings.DedicatedExportStore',
    'в архиве появляются строки `role`, `scheme` и `bot`; Time 7.8 их принимает.',
    'Допустимы `version`, `team`, а также `scheme`, `role` и `bot` из архивов Mattermost.',
    '- `error` — идентификатор ошибки и её описание на языке сервера, через двоеточие',
    'Ориентиры для сервера с 4 vCPU и 16 ГБ памяти, PostgreSQL 16 на SSD:',
    'оцените его размер как объём вложений плюс примерно 150 МБ на каждый миллион сообщений.',
    '    "generator": "time-server",',
  ];
  const rightLines = [
    'Создайте задание типа `export_process` запросом `POST /api/v4/jobs`.',
    'Удалить архив раньше можно запросом `DELETE /api/v4/exports/{export_name}`',
    'В частности, не существует полей `dry_run`, `workers` и `extract_content`',
  ];

  it('flag the wrong statements this check exists for', () => {
    for (const line of wrongLines) expect(wrongDataFact(line), line).not.toBeNull();
    for (const line of rightLines) expect(wrongDataFact(line), line).toBeNull();
  });

  it('state no wrong data management fact on the guides', () => {
    expect(pages.length).toBeGreaterThanOrEqual(9);
    const wrong: string[] = [];
    for (const file of pages) {
      const lines = fs.readFileSync(path.join(root, file), 'utf8').split('\n');
      lines.forEach((line, i) => {
        const why = wrongDataFact(line);
        if (why) wrong.push(`${file}:${i + 1}: ${why}`);
      });
    }
    expect(wrong).toEqual([]);
  });

  const read = (file: string) => fs.readFileSync(path.join(dir, file), 'utf8');

  it('start an export as the job export_process and label sizes and durations as estimates with a way to measure', () => {
    const page = read('export-guide/data-export.md');
    expect(page).toContain('"type": "export_process", "data": {"include_attachments": "true"}');
    expect(page).toContain('timectl export create --attachments');
    expect(page).toMatch(/оценка, не измерение/);
    for (const field of ['create_at', 'start_at', 'last_activity_at']) expect(page).toContain(`\`${field}\``);
  });

  it('send import_process only import_file, measure its duration and tell how import files are removed', () => {
    const api = read('import-guide/import-api.md');
    expect(api).toContain('{"type": "import_process", "data": {"import_file": "oc9is0j8ht9lgmxg9edn581u33_time-import.zip"}}');
    expect(api).toMatch(/Измеренных значений длительности импорта для Time нет/);
    const upload = read('import-guide/import-upload.md');
    expect(upload).toMatch(/Запроса на удаление файла импорта в API нет/);
    expect(upload).toContain('ImportSettings.RetentionDays');
  });

  const {bulkData} = product;
  const nb = (text: string) => text.replace(/\u00a0/g, ' ');

  it('list exactly the line types the lineage imports wherever a page filters or names them', () => {
    const expected = bulkData.lineTypes.map((t) => `"${t}"`).join(', ');
    for (const file of ['import-guide/import-mattermost.md', 'import-guide/import-slack.md']) {
      const filters = [...read(file).matchAll(/select\(\.type \| IN\(([^)]*)\)\)/g)].map((m) => m[1]);
      expect(filters.length, file).toBeGreaterThan(0);
      for (const f of filters) expect(f, file).toBe(expected);
    }
    const named =
      bulkData.lineTypes
        .slice(0, -1)
        .map((t) => `\`${t}\``)
        .join(', ') + ` и \`${bulkData.lineTypes.at(-1)}\``;
    expect(read('import-guide/import-faq.md')).toContain(`Time 7.8 принимает ${named}`);
    expect(read('import-guide/import-mattermost.md')).toContain(`Time 7.8 принимает типы ${named}`);
  });

  it('state the limits and defaults of the lineage as data/product.ts holds them', () => {
    expect(nb(read('export-guide/data-format.md'))).toContain(`не больше ${bulkData.maxLineMiB} МБ`);
    expect(nb(read('export-guide/data-format.md'))).toContain(`не больше ${bulkData.maxEmojiKiB} КиБ`);
    expect(read('import-guide/import-api.md')).toContain(`каждые ${bulkData.progressEveryLines} прочитанные строки`);
    expect(nb(read('import-guide/import-upload.md'))).toContain(
      `не меньше ${bulkData.firstUploadPartMiB} МиБ (${(bulkData.firstUploadPartMiB * 1024 * 1024).toLocaleString('ru-RU').replace(/\s/g, ' ')} байт)`,
    );
    expect(read('export-guide/data-export.md')).toContain(`(по умолчанию ${bulkData.retentionDays})`);
    expect(read('export-guide/data-export.md')).toContain(`"type": "${bulkData.exportJob}", "data": {"${bulkData.exportDataKey}": "true"}`);
    expect(read('import-guide/import-api.md')).toContain(`"type": "${bulkData.importJob}", "data": {"${bulkData.importDataKey}": `);
  });
});
