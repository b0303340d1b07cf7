import { readFile } from 'node:fs/promises';
import { expect, test } from './test-support/test.ts';
import { axeViolations, expectFitsTheScreen } from './test-support/a11y.ts';
import { createBotByApi, registerByApi } from './test-support/accounts.ts';
import { emulator } from './test-support/emulator.ts';
import { signInThroughUi } from './test-support/ui.ts';

const FILE = ['Telegram ID;Nome;Usuário;Telefone;Etiquetas', '7700001;Renata;renata_lima;+55 21 98888-0001;VIP', '7700002;Sérgio;;;', 'abc;Sem número;;;'].join('\r\n');

for (const [device, viewport] of [['celular', { width: 390, height: 844 }], ['notebook', { width: 1366, height: 800 }]] as const) {
  test(`no ${device}: importa um CSV pequeno, vê os contatos e exporta a lista filtrada`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    const { account, session } = await registerByApi(request);
    const bot = await emulator.createBot('Bot da Planilha');
    const botId = await createBotByApi(request, session.tokens.accessToken, bot.token);
    await signInThroughUi(page, account);
    await page.goto(`/contacts/${botId}`);

    await page.getByRole('button', { name: 'Importar contatos' }).click();
    const dialog = page.getByRole('dialog', { name: 'Importar contatos' });
    await dialog.getByLabel('Arquivo CSV').setInputFiles({ name: 'contatos.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${FILE}`) });
    await expect(dialog.getByLabel('Telegram ID')).toHaveValue('0');
    await expect(dialog.getByLabel('Etiquetas')).toHaveValue('4');
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Verificar arquivo' }).click();
    await expect(dialog.getByText('linhas no arquivo')).toContainText('3 linhas no arquivo: 2 válidas, 1 com erro');
    await expect(dialog.getByText('Linha 4 · Telegram ID: Telegram ID deve ser um número inteiro positivo')).toBeVisible();
    await expect(dialog.getByText('Etiquetas novas que serão criadas: VIP.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Importar 2 contatos' }).click();
    await expect(dialog.getByText('Importação concluída')).toBeVisible();
    await expect(dialog.getByText('2 contatos novos, 0 atualizados, 0 já estavam iguais.')).toBeVisible();
    await expectFitsTheScreen(page);
    await dialog.getByRole('button', { name: 'Concluir' }).click();

    const grid = page.getByRole('list', { name: 'Contatos' });
    await expect(grid.getByRole('article')).toHaveCount(2);
    await expect(grid.getByRole('article', { name: 'Renata' }).getByText('Importado, ainda não conversou com o bot')).toBeVisible();

    await page.getByLabel('Buscar contatos').fill('renata');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^contatos-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path()) ?? '');
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csv.subarray(3).toString('utf8').trim().split('\r\n');
    expect(lines[0]?.startsWith('Bot;Telegram ID;Nome;Sobrenome;Usuário;Telefone;')).toBe(true);
    expect(lines.slice(1).map((line) => line.split(';').slice(1, 6))).toEqual([['7700001', 'Renata', '', 'renata_lima', "'+55 21 98888-0001"]]);
    expect(lines[1]).toContain(';VIP;');
    expect(lines[1]).toContain('Importado, ainda não conversou');
  });
}
