import { afterEach, describe, expect, it } from 'vitest';
import { earlyClickScript, replayClick, takeEarlyClick } from './early-clicks';

/** Runs the inline script as the browser would while parsing the rendered page. */
function startRecording() {
  window.eval(earlyClickScript());
}

afterEach(() => {
  takeEarlyClick();
  document.body.innerHTML = '';
});

describe('clicks before hydration', () => {
  it('keeps the element of the last click, and nothing after a click on a link', () => {
    document.body.innerHTML =
      '<button id="tab"><span id="label">Garage</span></button><button id="menu">Settings</button><a href="/about"><span id="about">About</span></a>';
    startRecording();
    document.getElementById('label')!.click();
    document.getElementById('menu')!.click();
    document.getElementById('label')!.click();
    expect(takeEarlyClick()).toBe(document.getElementById('label'));

    startRecording();
    document.getElementById('menu')!.click();
    // A link navigates without the app: no earlier click is replayed on top of that.
    document.getElementById('about')!.addEventListener('click', (event) => event.preventDefault());
    document.getElementById('about')!.click();
    expect(takeEarlyClick()).toBeNull();
  });

  it('stops recording once taken, and replays on the element as a pointer click', () => {
    document.body.innerHTML = '<button id="tab">Garage</button>';
    startRecording();
    const tab = document.getElementById('tab')!;
    tab.click();
    const taken = takeEarlyClick();
    expect(taken).toBe(tab);
    // After hydration the page's own handlers act; nothing is kept any more.
    tab.click();
    expect(takeEarlyClick()).toBeNull();

    const details: number[] = [];
    tab.addEventListener('click', (event) => details.push(event.detail));
    expect(replayClick(taken)).toBe(true);
    expect(details).toEqual([1]);
    // Hydration that replaced the element (drawn afresh): nothing to click.
    tab.remove();
    expect(replayClick(taken)).toBe(false);
    expect(details).toEqual([1]);
  });
});
