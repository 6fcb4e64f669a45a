import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { ADMIN_AUTHDATA, expect, prepare, test } from '../fixtures/app-test.ts';
import { withOwnGateway } from '../fixtures/own-gateway.ts';

// The e2e gateway starts on an empty history with the demo fleet and the simulated house as its
// grid meter: it backfills the 60 days before its simulated today (2025-06-21) with production
// and the house's grid flow (docs/power-control.md §4), and today fills from live polls.
const YESTERDAY = '2025-06-20';

async function csvRows(download: Download): Promise<string[]> {
  const file = await download.path();
  return (await readFile(file, 'utf8')).trim().split(/\r?\n/);
}

async function openHistory(page: Page) {
  await page.goto('');
  await page.getByRole('link', { name: 'History', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Energy history' })).toBeVisible();
}

test.describe('history', () => {
  test('shows a backfilled day with its curve, then month and year; the CSV has rows', async ({
    page,
    checkA11y,
  }) => {
    await openHistory(page);
    await page.getByRole('button', { name: 'Previous day' }).click();
    await expect(page.getByLabel('Date')).toHaveValue(YESTERDAY);
    // The chart's accessible name is its summary: a whole demo day has yield and a peak.
    const chart = page.getByRole('group', {
      name: /^Friday, June 20, 2025: yield \d.* House: consumption [\d.]+ kWh, imported /,
    });
    await expect(chart).toBeVisible();
    await expect(chart.locator('canvas')).toBeVisible();
    await expect(page.getByTestId('stat-Yield')).not.toHaveText('0.00 kWh');
    await expect(page.locator('.u-legend')).toContainText('Balcony');
    await checkA11y('history day');
    // Keyboard: the focused chart moves its crosshair by bucket and says the values there.
    await chart.focus();
    await page.keyboard.press('End');
    await expect(page.locator('.history-chart [aria-live]')).toHaveText(
      /^23:55, All inverters –, Consumption [\d,]+ W, Grid \(import \+, export −\) [\d,]+ W, Balcony –/,
    );

    // The curve as a table: one row per polled bucket, fleet, house and three inverters in watts.
    await page.getByRole('button', { name: 'Show as table' }).click();
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveText([
      'Time',
      'All inverters [W]',
      'Consumption [W]',
      'Grid (import +, export −) [W]',
      'Balcony [W]',
      'Garage roof [W]',
      'Barn [W]',
    ]);
    await expect(table.getByRole('row', { name: /^12:00 / })).toContainText(/[1-9][\d,]* W/);
    expect(await table.getByRole('row').count()).toBeGreaterThan(100);

    const dayCsv = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download CSV' }).click();
    const dayRows = await csvRows(await dayCsv);
    expect(dayRows[0]).toBe(
      'time_utc,local_time,serial,name,power_avg [W],power_max [W],energy [Wh],' +
        'grid_import [Wh],grid_export [Wh],consumption [Wh]',
    );
    // The house's row per bucket: production, import, export and consumption.
    expect(dayRows.filter((row) => row.split(',')[3] === 'house').length).toBe(288);
    expect(dayRows.length).toBeGreaterThan(100);
    expect(dayRows[1]).toMatch(/^2025-06-\d\dT[\d:]+Z,2025-06-20 /);

    await page.getByRole('button', { name: 'Show as table' }).click();
    await page.getByRole('button', { name: 'Month' }).click();
    await expect(page).toHaveURL(/view=month&date=2025-06-20/);
    await expect(page.getByTestId('history-summary')).toHaveText(
      /^June 2025: yield [\d,.]+ kWh; best: .* House: self-consumed [\d,.]+ kWh, exported /,
    );
    await expect(
      page.getByRole('group', { name: /^June 2025: yield/ }).locator('canvas'),
    ).toBeVisible();
    const monthCsv = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download CSV' }).click();
    const monthRows = await csvRows(await monthCsv);
    expect(monthRows[0]).toBe(
      'date,serial,name,yield [Wh],peak [W],peak_time_local,' +
        'grid_import [Wh],grid_export [Wh],consumption [Wh]',
    );
    // June 1–21, three inverters each.
    expect(monthRows.length - 1).toBeGreaterThanOrEqual(20 * 3);

    await page.getByRole('button', { name: 'Year' }).click();
    await expect(page.getByTestId('history-summary')).toHaveText(
      /^2025: yield [\d,.]+ kWh; best: (May|June) 2025/,
    );
    await expect(page.getByRole('button', { name: 'Previous year' })).toBeDisabled();
    // The year's peak names its exact local day (the period answer carries peak_date).
    await expect(page.getByTestId('stat-Peak power')).toHaveText(
      /^[\d,]+ W\w+day, (April|May|June) \d\d?, 2025, at \d\d:\d\d$/,
    );
    await checkA11y('history year');

    // Drill-down: a click on June's bar opens June (12 bars across the plot area, June 6th).
    const over = page.getByRole('group', { name: /^2025: yield/ }).locator('.u-over');
    const box = await over.boundingBox();
    expect(box).not.toBeNull();
    const june = { x: ((box?.width ?? 0) * 5.5) / 12, y: (box?.height ?? 0) / 2 };
    await over.hover({ position: june });
    await over.click({ position: june });
    await expect(page).toHaveURL(/view=month&date=2025-06-01$/);
    await expect(page.getByTestId('history-summary')).toHaveText(/^June 2025: yield/);
    // …and the table alternative's first column links each day to its curve, by keyboard too.
    await page.getByRole('button', { name: 'Show as table' }).click();
    await checkA11y('history month table');
    const dayLink = page.getByRole('table').getByRole('link', { name: 'Friday, June 20, 2025' });
    await dayLink.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/view=day&date=2025-06-20$/);
    await expect(page.getByRole('button', { name: 'Day', exact: true })).toBeFocused();
    await expect(page.getByTestId('history-summary')).toHaveText(/^Friday, June 20, 2025: yield/);
  });

  test('logged in, the CSV is fetched with the stored credentials', async ({ page }) => {
    await prepare(page, { authdata: ADMIN_AUTHDATA });
    await page.goto(`history?view=year&date=2025-06-21`);
    await expect(page.getByTestId('history-summary')).toBeVisible();
    const csv = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download CSV' }).click();
    const download = await csv;
    expect(download.suggestedFilename()).toBe('heliodtu-history-2025-01-01_2025-06-21-day.csv');
    expect((await csvRows(download)).length).toBeGreaterThan(100);
  });

  test("the live view's Power card shows today's curve", async ({ page }) => {
    await page.goto('');
    const power = page.getByRole('region', { name: 'Power now' });
    const sparkline = power.getByRole('img', {
      name: /^Power curve today: peak [\d,]+ W at \d\d:\d\d$/,
    });
    await expect(sparkline).toBeVisible();
    await expect(sparkline.locator('polyline').first()).toHaveAttribute('points', /\d+\.\d,\d/);
  });
});

// A gateway without the history API answers /api/history/* like a real OpenDTU device: with its
// index.html. The interface must then offer no History screen and log nothing.
const deviceTest = test.extend<object, { bareGateway: string }>({
  bareGateway: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures it needs from this pattern
    async ({}, use) => withOwnGateway('no-history-', { HISTORY: 'off' }, use),
    { scope: 'worker', timeout: 70_000 },
  ],
  baseURL: async ({ bareGateway }, use) => use(bareGateway),
});

deviceTest(
  'without the history API: no History entry, no sparkline, no console error',
  async ({ page }) => {
    const detection = page.waitForResponse((r) => r.url().endsWith('/api/history/range'));
    await page.goto('');
    // The device's answer: its page, not JSON (and not a 404, which Chromium would log).
    const answer = await detection;
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toMatch(/^text\/html/);
    await expect(page.getByRole('region', { name: 'Power now' })).toContainText(/\d W/);
    await expect(page.getByRole('link', { name: 'Live View' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'History', exact: true })).toHaveCount(0);
    await expect(page.getByTestId('power-sparkline')).toHaveCount(0);
    // The error collector (fixtures/app-test.ts) fails the test on any console error.
  },
);
