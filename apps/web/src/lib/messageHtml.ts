import {
  isAllowedHref,
  MESSAGE_ALLOWED_ATTRIBUTES,
  MESSAGE_ALLOWED_TAGS,
  MESSAGE_DROPPED_WITH_CONTENT,
  MESSAGE_FOREIGN_CONTENT,
  messageCellSpan,
  messageLinkTarget,
} from '@nursery/domain';
import { createElement, type ReactNode } from 'react';

/**
 * The staff's global message turned into React elements, keeping only what the shop's one message
 * policy (packages/domain/src/messageAllowList.ts: tags, attributes, the link rule, dropped elements, which
 * the server's sanitizer applies too) permits; the storefront's banner and the admin preview both show it
 * through this. The text is parsed into an inert template (nothing in it runs or loads) and rebuilt element by element: no HTML string is ever handed back to the page, so there is
 * nothing for a crafted message to re-parse into script. This replaces a 11 KB sanitizer on every page.
 */

const ALLOWED_TAGS: ReadonlySet<string> = new Set(MESSAGE_ALLOWED_TAGS);
/** Whose content is code or a widget, not text: dropped whole, as the server does. */
const DROPPED_WITH_CONTENT: ReadonlySet<string> = new Set([
  ...MESSAGE_DROPPED_WITH_CONTENT,
  ...MESSAGE_FOREIGN_CONTENT,
]);

const VOID_TAGS: ReadonlySet<string> = new Set(['br', 'hr']);

/** React's names for the allowed attributes that differ from HTML's. */
const REACT_NAME: Readonly<Record<string, string>> = {
  class: 'className',
  colspan: 'colSpan',
  rowspan: 'rowSpan',
};

function allowedAttributes(tag: string): readonly string[] {
  return [...(MESSAGE_ALLOWED_ATTRIBUTES[tag] ?? []), ...(MESSAGE_ALLOWED_ATTRIBUTES['*'] ?? [])];
}

function propsOf(element: Element, tag: string, key: number): Record<string, unknown> {
  const props: Record<string, unknown> = { key };
  for (const name of allowedAttributes(tag)) {
    const value = element.getAttribute(name);
    if (value === null) continue;
    if (name === 'href' && !isAllowedHref(value)) continue;
    if (name === 'colspan' || name === 'rowspan') {
      const span = messageCellSpan(value);
      if (span !== null) props[REACT_NAME[name] ?? name] = span;
      continue;
    }
    if (name === 'target' || name === 'rel') continue;
    props[REACT_NAME[name] ?? name] = value;
  }
  if (tag === 'a') {
    const opens = messageLinkTarget(props.href as string | undefined, element.getAttribute('target'));
    if (opens) Object.assign(props, opens);
  }
  return props;
}

function convert(nodes: NodeListOf<ChildNode>): ReactNode[] {
  const out: ReactNode[] = [];
  nodes.forEach((node, index) => {
    if (node.nodeType === 3) {
      out.push(node.textContent ?? '');
      return;
    }
    if (node.nodeType !== 1) return;
    const element = node as Element;
    const tag = element.localName.toLowerCase();
    // Only plain HTML elements: an <a> inside <svg> is another namespace and never rebuilt.
    if (element.namespaceURI !== 'http://www.w3.org/1999/xhtml' || DROPPED_WITH_CONTENT.has(tag)) return;
    if (!ALLOWED_TAGS.has(tag)) {
      // An unknown wrapper (<font>, <center>) goes; its words stay.
      out.push(...convert(element.childNodes));
      return;
    }
    const props = propsOf(element, tag, index);
    out.push(
      VOID_TAGS.has(tag)
        ? createElement(tag, props)
        : createElement(tag, props, ...convert(element.childNodes)),
    );
  });
  return out;
}

/** The message as React nodes, or null when it holds no words (empty, only spaces or only markup). */
export function messageToReact(html: string): ReactNode[] | null {
  if (html.trim() === '') return null;
  // A <template>'s content is inert: unlike a DOMParser document, Chromium neither fetches its images
  // nor tries their onerror handlers.
  const template = document.createElement('template');
  template.innerHTML = html;
  const root = template.content;
  for (const dropped of DROPPED_WITH_CONTENT) {
    for (const element of root.querySelectorAll(dropped)) element.remove();
  }
  if ((root.textContent ?? '').replace(/\u00a0/g, ' ').trim() === '') return null;
  return convert(root.childNodes);
}
