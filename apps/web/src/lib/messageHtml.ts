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

/** Every attribute any allowed tag may carry: the rest never reach a parser. */
const ANY_ALLOWED_ATTRIBUTE: ReadonlySet<string> = new Set(Object.values(MESSAGE_ALLOWED_ATTRIBUTES).flat());
/** Whose content a browser reads as text up to its end tag, not as markup. */
const RAW_TEXT = /^(?:script|style|textarea|title|xmp|iframe|noembed|noframes|noscript)$/;
const SPACE = /[\t\n\f\r ]/;
/** Where an attribute's name or an unquoted value ends, as the HTML tokenizer reads it. */
const NAME_END = /[\t\n\f\r />=]/;

/**
 * The markup with every attribute the allow-list never keeps taken out of its start tags, before any DOM
 * parser sees it. Chromium checks an inline handler (`<img onerror>`) against the page's content-security
 * policy as soon as the attribute is parsed, even into an inert <template> or a DOMParser document, and
 * reports a violation, so a hostile draft must not reach one with its handlers. This reads tags as the HTML
 * tokenizer does (comments, bogus comments, quoted values, raw-text elements ended at their first possible end
 * tag); where it can disagree with a browser it errs towards reading more as markup, which only drops more.
 * The element-by-element rebuild below stays the sanitizer: this only keeps handlers out of the parser.
 */
export function withoutUnknownAttributes(html: string): string {
  let out = '';
  let i = 0;
  const n = html.length;
  while (i < n) {
    const lt = html.indexOf('<', i);
    if (lt < 0) {
      out += html.slice(i);
      break;
    }
    out += html.slice(i, lt);
    const next = html[lt + 1] ?? '';
    if (html.startsWith('<!--', lt)) {
      // A comment ends at -->, at --!>, or at once for <!--> and <!--->.
      const match = /-->|--!>/.exec(html.slice(lt + 4));
      const abrupt = html.startsWith('<!-->', lt) ? 5 : html.startsWith('<!--->', lt) ? 6 : 0;
      const end = abrupt || (match ? 4 + match.index + match[0].length : n - lt);
      out += html.slice(lt, lt + end);
      i = lt + end;
      continue;
    }
    if (next === '!' || next === '?' || (next === '/' && !/[a-z]/i.test(html[lt + 2] ?? ''))) {
      // A bogus comment (doctype, CDATA outside foreign content, processing instruction) ends at the first >.
      const end = html.indexOf('>', lt);
      if (end < 0 && next === '/' && lt + 2 >= n) {
        out += html.slice(lt);
        break;
      }
      const stop = end < 0 ? n : end + 1;
      out += html.slice(lt, stop);
      i = stop;
      continue;
    }
    const closing = next === '/';
    const nameStart = lt + (closing ? 2 : 1);
    if (!/[a-z]/i.test(html[nameStart] ?? '')) {
      out += '<';
      i = lt + 1;
      continue;
    }
    let j = nameStart;
    while (j < n && !/[\t\n\f\r />]/.test(html[j] ?? '')) j++;
    const tag = html.slice(nameStart, j).toLowerCase();
    const kept: string[] = [];
    let ended = false;
    while (j < n) {
      const c = html[j] ?? '';
      if (SPACE.test(c) || c === '/') {
        j++;
        continue;
      }
      if (c === '>') {
        ended = true;
        j++;
        break;
      }
      // An attribute: its name (a leading = belongs to it), then perhaps = and a value.
      const start = j;
      j++;
      while (j < n && !NAME_END.test(html[j] ?? '')) j++;
      const name = html.slice(start, j).toLowerCase();
      let k = j;
      while (k < n && SPACE.test(html[k] ?? '')) k++;
      let value: string | null = null;
      if (html[k] === '=') {
        k++;
        while (k < n && SPACE.test(html[k] ?? '')) k++;
        const quote = html[k];
        if (quote === '"' || quote === "'") {
          const close = html.indexOf(quote, k + 1);
          value = html.slice(k + 1, close < 0 ? n : close);
          j = close < 0 ? n : close + 1;
        } else {
          let e = k;
          while (e < n && !/[\t\n\f\r >]/.test(html[e] ?? '')) e++;
          value = html.slice(k, e);
          j = e;
        }
      }
      if (!closing && ANY_ALLOWED_ATTRIBUTE.has(name)) {
        kept.push(value === null ? name : `${name}="${value.replace(/"/g, '&quot;')}"`);
      }
    }
    // A tag cut off by the end of the text is no tag to a browser either.
    if (!ended) break;
    out += closing ? `</${tag}>` : `<${[tag, ...kept].join(' ')}>`;
    i = j;
    if (!closing && RAW_TEXT.test(tag)) {
      // Its text runs to the first </tag that could end it; a browser never ends it sooner.
      const end = new RegExp(`</${tag}[\\t\\n\\f\\r />]`, 'i').exec(html.slice(i));
      const stop = end ? i + end.index : n;
      out += html.slice(i, stop);
      i = stop;
    }
  }
  return out;
}

/** The message as React nodes, or null when it holds no words (empty, only spaces or only markup). */
export function messageToReact(html: string): ReactNode[] | null {
  if (html.trim() === '') return null;
  // A <template>'s content is inert: Chromium neither fetches its images nor runs anything in it. Even so it
  // checks inline handlers against the content-security policy while parsing, so they are taken out first.
  const template = document.createElement('template');
  template.innerHTML = withoutUnknownAttributes(html);
  const root = template.content;
  for (const dropped of DROPPED_WITH_CONTENT) {
    for (const element of root.querySelectorAll(dropped)) element.remove();
  }
  if ((root.textContent ?? '').replace(/\u00a0/g, ' ').trim() === '') return null;
  return convert(root.childNodes);
}
