// Drives ERA's local Web Chat page in headless Chromium (playwright-core, no browser download)
// through a scenario given as JSON by tests/browser/test_webchat.py, and prints what a person
// saw after every step as JSON on stdout. The assertions are in the Python test.
//
// usage: node webchat_driver.cjs <base url> <scenario.json> <screenshot dir>
'use strict';

const fs = require('fs');
const path = require('path');
const { chromium } = require(path.join(__dirname, '..', '..', 'webchat', 'node_modules',
  'playwright-core'));

const CHROMIUM = process.env.ERA_CHROMIUM || '/usr/bin/chromium';
// How long a step may wait for the page to show what it waits for (the answer, a button):
// only a bound for a run that hangs, as every wait ends on the page's state.
const STEP_TIMEOUT_MS = 60000;
const SEND_WAIT_MS = 5000;
const QUIET_MS = 900;

async function transcriptText(page) {
  return page.evaluate(() => {
    const log = document.querySelector('.webchat__basic-transcript__transcript');
    return log ? log.innerText : '';
  });
}

async function botActivities(page) {
  return page.evaluate(() => Array.from(document.querySelectorAll(
    '.webchat__basic-transcript__activity')).filter(
    a => !a.querySelector('.webchat__stacked-layout--from-user')).length);
}

function occurrences(text, part) {
  return part ? text.split(part).length - 1 : 0;
}

// Waits until the bot has answered (more of its activities than `before`) and the transcript
// then stayed the same for QUIET_MS.
// With `until`, also waits for that text to show more often than in `shownBefore`, the
// transcript read before the step (a turn that answers in several messages). Read before the
// step, not after it: on a loaded machine the answer can come while the step's own waits run,
// and a transcript read after the step already held it (the wait then never ended).
async function settle(page, before, shownBefore, until, timing) {
  const deadline = Date.now() + STEP_TIMEOUT_MS;
  const wanted = occurrences(shownBefore, until);
  let last = await transcriptText(page);
  let stableSince = Date.now();
  while (Date.now() < deadline) {
    await page.waitForTimeout(150);
    if (timing.answeredAt === null && await botActivities(page) > before) {
      timing.answeredAt = Date.now();
    }
    const now = await transcriptText(page);
    if (now !== last) {
      last = now;
      stableSince = Date.now();
    } else if (await botActivities(page) > before && Date.now() - stableSince >= QUIET_MS
               && (!until || occurrences(now, until) > wanted)) {
      return now;
    }
  }
  throw new Error(`no answer from the bot within ${STEP_TIMEOUT_MS} ms` +
    (until ? ` containing ${JSON.stringify(until)}` : ''));
}

async function userMessages(page) {
  return page.locator('.webchat__stacked-layout--from-user').count();
}

// Types `text` in the send box and sends it, waiting on what the page shows rather than on
// time: the box holds the text before Enter, and the message left (the box emptied, or the
// person's bubble showed). On a loaded machine an Enter pressed before Web Chat took the
// typed value sent an empty box, which Web Chat ignores, and the step waited in vain for an
// answer; Enter is pressed again only while the text is still in the box and not shown sent.
async function type(page, text) {
  const selector = '[data-id="webchat-sendbox-input"]';
  const box = page.locator(selector);
  const sentBefore = await userMessages(page);
  await box.fill(text, { timeout: STEP_TIMEOUT_MS });
  await page.waitForFunction(([s, t]) => document.querySelector(s).value === t,
    [selector, text], { timeout: STEP_TIMEOUT_MS });
  for (let attempt = 1; ; attempt++) {
    await box.press('Enter');
    try {
      await page.waitForFunction(([s, n]) => document.querySelector(s).value === ''
        || document.querySelectorAll('.webchat__stacked-layout--from-user').length > n,
      [selector, sentBefore], { timeout: SEND_WAIT_MS });
      return;
    } catch (error) {
      if (await userMessages(page) > sentBefore || await box.inputValue() !== text) {
        return;  // it left after all
      }
      if (attempt >= 3) {
        throw new Error(`the send box did not send ${JSON.stringify(text)}`);
      }
    }
  }
}

async function runStep(page, step, base) {
  if (step.open) {
    await page.goto(base + step.open, { waitUntil: 'load' });
    await page.waitForSelector('[data-id="webchat-sendbox-input"]', { timeout: STEP_TIMEOUT_MS });
    return;
  }
  if (step.say) {
    await type(page, step.say);
    return;
  }
  if (step.press) {
    // The newest card's button whose title starts with the given text.
    const buttons = page.locator('button.ac-pushButton', { hasText: step.press });
    if (step.twice) {  // a double tap: the second press comes before any answer
      await buttons.last().dblclick({ timeout: STEP_TIMEOUT_MS });
    } else {
      await buttons.last().click({ timeout: STEP_TIMEOUT_MS });
    }
    return;
  }
  if (step.stale) {
    // A client that leaves answered cards pressable (Teams does): the page's switch-off is
    // undone on the oldest card with that button, and it is pressed, in one go in the page.
    // (Undone and then clicked from here, the page switched the button off again whenever
    // Web Chat changed the transcript in between, as it does on a loaded machine, and the
    // click on a disabled button sent nothing: the step then waited in vain for "Ce bouton".)
    const button = page.locator('button.ac-pushButton', { hasText: step.stale }).first();
    await button.evaluate(b => {
      b.disabled = false;
      b.removeAttribute('aria-disabled');
      b.click();
    }, null, { timeout: STEP_TIMEOUT_MS });
    return;
  }
  if (step.fill) {
    for (const [placeholder, value] of Object.entries(step.fill)) {
      const field = page.locator(`[placeholder="${placeholder}"]`).last();
      await field.fill(value, { timeout: STEP_TIMEOUT_MS });
    }
    return;
  }
  throw new Error('unknown step ' + JSON.stringify(step));
}

(async () => {
  const [base, scenarioFile, shots] = process.argv.slice(2);
  const scenario = JSON.parse(fs.readFileSync(scenarioFile, 'utf8'));
  fs.mkdirSync(shots, { recursive: true });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const results = [];
  const consoleMessages = [];
  let failure = null;
  try {
    for (const flow of scenario.flows) {
      // A fresh browser profile per flow, in the flow's language (the browser's language:
      // Web Chat and ERA follow it), English unless the flow or the scenario says.
      const context = await browser.newContext({
        // A phone-sized window: where long button titles used to be cut.
        viewport: { width: 360, height: 1000 },
        locale: flow.locale || scenario.locale || 'en-GB',
      });
      const page = await context.newPage();
      // Everything the page logs (and every uncaught error), with the flow it came from.
      page.on('console', m => consoleMessages.push({ flow: flow.name, type: m.type(),
        text: m.text(), url: m.location().url || '' }));
      page.on('pageerror', e => consoleMessages.push({ flow: flow.name, type: 'pageerror',
        text: String(e && e.message || e), url: '' }));
      // Whether Web Chat showed "ERA is typing" at any moment of a step.
      await page.addInitScript(() => {
        window.__eraTypingSeen = false;
        new MutationObserver(() => {
          if (document.querySelector('.webchat__typing-indicator')) window.__eraTypingSeen = true;
        }).observe(document, { childList: true, subtree: true });
      });
      for (const [index, step] of flow.steps.entries()) {
        const before = await botActivities(page).catch(() => 0);
        const shownBefore = await transcriptText(page).catch(() => '');
        await page.evaluate(() => { window.__eraTypingSeen = false; }).catch(() => {});
        const started = Date.now();
        const timing = { answeredAt: null };  // when the bot's first answer showed
        await runStep(page, step, base);
        // A step in the page only (opening the edit form, typing in it) gets no answer.
        if (step.fill || step.local) {
          await page.waitForTimeout(300);
        }
        const text = step.fill || step.local ? await transcriptText(page)
          : await settle(page, before, shownBefore, step.until, timing);
        const shot = path.join(shots, `${flow.name}-${String(index).padStart(2, '0')}.png`);
        await page.screenshot({ path: shot, fullPage: true });
        results.push({ flow: flow.name, step, transcript: text, screenshot: shot,
          // How long the bot took to show its first answer to the step (null: none awaited).
          answeredIn: timing.answeredAt === null ? null : (timing.answeredAt - started) / 1000,
          typingSeen: await page.evaluate(() => window.__eraTypingSeen),
          typingNow: await page.locator('.webchat__typing-indicator').count(),
          suggestedActions: await page.evaluate(() => Array.from(document.querySelectorAll(
            '.webchat__suggested-action')).map(b => b.innerText.trim())),
          // Markdown made of a card's text: headings, quotes, emphasis (ERA's cards use none).
          markdownShown: await page.evaluate(() => Array.from(document.querySelectorAll(
            '.ac-adaptiveCard :is(h1, h2, h3, h4, h5, h6, blockquote, em, strong)')).map(
            e => e.outerHTML.slice(0, 200))),
          // The newest bot message's list items (a markdown list shown as a list).
          newestListItems: await page.evaluate(() => {
            const bots = Array.from(document.querySelectorAll(
              '.webchat__basic-transcript__activity')).filter(
              a => !a.querySelector('.webchat__stacked-layout--from-user'));
            const last = bots[bots.length - 1];
            return last ? Array.from(last.querySelectorAll('li')).map(li => li.innerText.trim())
              : [];
          }),
          links: await page.evaluate(() => Array.from(
            document.querySelectorAll('.webchat__basic-transcript__transcript a')).map(a => a.getAttribute('href'))),
          cutButtons: await page.evaluate(() => Array.from(document.querySelectorAll(
            'button.ac-pushButton')).filter(button => [button, ...button.querySelectorAll('*')]
            .some(e => e.scrollWidth > e.clientWidth + 1)).map(button => button.innerText)),
          staleControls: await page.evaluate(() => {
            const cards = Array.from(document.querySelectorAll(
              '.webchat__basic-transcript__activity')).filter(a => a.querySelector('.ac-adaptiveCard'));
            return cards.slice(0, -1).flatMap(a => Array.from(a.querySelectorAll(
              'button, input, textarea')).filter(c => !c.disabled)).length;
          }),
          sendBox: await page.evaluate(() => {
            const box = document.querySelector('[data-id="webchat-sendbox-input"]');
            return box ? box.getAttribute('placeholder') || '' : '';
          }),
          // Card labels (To, Subject) broken over two lines ("Subje" / "ct").
          brokenLabels: await page.evaluate(() => Array.from(document.querySelectorAll(
            '.ac-fact-title')).filter(title => {
            const text = title.querySelector('p') || title;
            const lineHeight = parseFloat(getComputedStyle(text).lineHeight) || 20;
            return text.getBoundingClientRect().height > 1.5 * lineHeight;
          }).map(title => title.innerText)),
          // The text colours of the buttons that can be pressed and of those switched off.
          buttonColours: await page.evaluate(() => {
            const colours = on => Array.from(new Set(Array.from(document.querySelectorAll(
              'button.ac-pushButton')).filter(b => b.disabled !== on).map(
              b => getComputedStyle(b).color)));
            return { on: colours(true), off: colours(false) };
          }),
          // Controls of the newest card that can still be used.
          newestCardControls: await page.evaluate(() => {
            const cards = Array.from(document.querySelectorAll(
              '.webchat__basic-transcript__activity')).filter(a => a.querySelector('.ac-adaptiveCard'));
            return cards.slice(-1).flatMap(a => Array.from(a.querySelectorAll(
              'button, input, textarea')).filter(c => !c.disabled)).length;
          }),
          userMessages: await page.evaluate(() => Array.from(document.querySelectorAll(
            '.webchat__stacked-layout--from-user .webchat__bubble__content')).map(
            b => b.innerText.trim())) });
      }
      await context.close();
    }
  } catch (error) {
    failure = String(error && error.stack || error);
    // What the page showed when the step failed (the results hold only the steps that passed).
    for (const context of browser.contexts()) {
      for (const page of context.pages()) {
        failure += '\n--- the page at the failure ---\n' + await transcriptText(page).catch(
          e => `(unreadable: ${e})`);
        failure += '\n--- the send box ---\n' + await page.locator(
          '[data-id="webchat-sendbox-input"]').inputValue().catch(e => `(unreadable: ${e})`);
      }
    }
  } finally {
    await browser.close();
  }
  process.stdout.write(JSON.stringify({ results, consoleMessages, failure }));
})().catch(error => {
  process.stderr.write(String(error && error.stack || error) + '\n');
  process.exit(1);
});
