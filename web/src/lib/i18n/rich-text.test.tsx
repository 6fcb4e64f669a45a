import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RichText } from './rich-text';

const html = (text: string) => render(<RichText text={text} />).container.innerHTML;

describe('RichText', () => {
  it('keeps the simple markup of language packs', () => {
    expect(html('<b>Hint:</b> see <a href="https://example.org" target="_blank">here</a>.')).toBe(
      '<b>Hint:</b> see <a href="https://example.org" target="_blank" rel="noopener noreferrer">here</a>.',
    );
    expect(html('W<sub>p</sub> <span class="font-monospace">%06X</span>')).toBe(
      'W<sub>p</sub> <span class="font-monospace">%06X</span>',
    );
  });

  it('drops scripts, handlers and unsafe links but keeps their text', () => {
    const out = html(
      '<img src=x onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)" onclick="x()">go</a><i onmouseover="y()">it</i>',
    );
    expect(out).toBe('alert(2)<a>go</a><i>it</i>');
  });

  it('renders plain text as is', () => {
    expect(html('5 < 6 & "x"')).toBe('5 &lt; 6 &amp; "x"');
  });
});
