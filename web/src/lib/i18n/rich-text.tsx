import { Fragment, createElement, type ReactNode } from 'react';

const ALLOWED = new Set(['b', 'strong', 'i', 'em', 'a', 'span', 'sub', 'sup', 'br', 'code']);
const SAFE_HREF = /^(https?:|mailto:|\.{0,2}\/|#)/i;

function convert(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const children = Array.from(element.childNodes, convert);
  const tag = element.tagName.toLowerCase();
  // Unknown tags keep their text but lose their markup.
  if (!ALLOWED.has(tag)) return <Fragment key={key}>{children}</Fragment>;
  const props: Record<string, string | number> = { key };
  const className = element.getAttribute('class');
  if (className) props['className'] = className;
  if (tag === 'a') {
    const href = element.getAttribute('href') ?? '';
    if (SAFE_HREF.test(href)) props['href'] = href;
    if (element.getAttribute('target') === '_blank') {
      props['target'] = '_blank';
      props['rel'] = 'noopener noreferrer';
    }
  }
  return createElement(tag, props, ...(tag === 'br' ? [] : children));
}

/**
 * Renders a translated message that contains simple markup (<b>, <a href>, …), as OpenDTU's
 * packs do, without innerHTML: only a small set of tags and safe link targets survive, so an
 * uploaded language pack cannot inject script.
 */
export function RichText({ text }: { text: string }) {
  if (!/[<&]/.test(text)) return <>{text}</>;
  const body = new DOMParser().parseFromString(text, 'text/html').body;
  return <>{Array.from(body.childNodes, convert)}</>;
}
