// @vitest-environment jsdom

import { isAllowedHref } from '@nursery/domain';
import { createElement, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { messageToReact, withoutUnknownAttributes } from './messageHtml';

const render = (html: string) => {
  const nodes = messageToReact(html);
  return nodes === null ? null : renderToStaticMarkup(createElement(Fragment, null, ...nodes));
};

describe('the global message rebuilt from the shared allow-list', () => {
  it('keeps the formatting, lists, tables and classes staff may use', () => {
    expect(render('<strong>Spring pick-up</strong> is <em>April</em>.<br>Thanks')).toBe(
      '<strong>Spring pick-up</strong> is <em>April</em>.<br/>Thanks',
    );
    expect(render('<h2 class="text-muted">Hours</h2><ul><li>Sat</li></ul><blockquote>q</blockquote>')).toBe(
      '<h2 class="text-muted">Hours</h2><ul><li>Sat</li></ul><blockquote>q</blockquote>',
    );
    expect(render('<table><tbody><tr><td colspan="2">x</td></tr></tbody></table>')).toBe(
      '<table><tbody><tr><td colSpan="2">x</td></tr></tbody></table>',
    );
  });

  it('drops script, styles, frames, event handlers and foreign markup, keeping harmless words', () => {
    expect(render('<p onclick="alert(1)">Hi<script>alert(1)</script></p>')).toBe('<p>Hi</p>');
    expect(render('<img src=x onerror=alert(1)>Sale')).toBe('Sale');
    expect(render('<style>body{display:none}</style><iframe src="//evil"></iframe>Open')).toBe('Open');
    expect(render('<svg><a href="javascript:alert(1)">x</a></svg>ok')).toBe('ok');
    expect(render('<font color="red">Big</font> <p style="color:red" id="x">sale</p>')).toBe(
      'Big <p>sale</p>',
    );
    // The classic mutation payload: however the parser reads it, no image or handler comes out.
    const mutation = render(
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></p></noscript>safe',
    );
    expect(mutation).not.toMatch(/img|onerror|title/);
    expect(mutation).toMatch(/safe$/);
  });

  it('keeps only links to the shop or with an allowed scheme, and new-tab links never get the opener', () => {
    expect(render('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(render('<a href=" jav&#x09;ascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(render('<a href="data:text/html,<script>alert(1)</script>">x</a>')).toBe('<a>x</a>');
    expect(render('<a href="/Products" title="All">p</a>')).toBe('<a href="/Products" title="All">p</a>');
    expect(render('<a href="https://example.org" target="_blank" rel="opener">o</a>')).toBe(
      '<a href="https://example.org" target="_blank" rel="noopener noreferrer">o</a>',
    );
    expect(isAllowedHref('mailto:orders@example.com')).toBe(true);
    expect(isAllowedHref('tel:+15552013344')).toBe(true);
    expect(isAllowedHref('//evil.example/x')).toBe(false);
    expect(isAllowedHref('VBScript:msgbox')).toBe(false);
  });

  it('is nothing at all when the message has no words', () => {
    expect(render('')).toBeNull();
    expect(render('   \n ')).toBeNull();
    expect(render('<p> &nbsp; </p><br>')).toBeNull();
    expect(render('<script>alert(1)</script>')).toBeNull();
  });
});

describe('the markup a parser sees', () => {
  it('has no attribute the allow-list never keeps, however the tag is written', () => {
    const hostile = [
      '<img src=x onerror=alert(1)>',
      '<img/src="x"/onerror="alert(1)">',
      "<IMG SRC=x ONERROR = 'alert(1)'>",
      '<img\nsrc=x\tonerror=alert(1)\f>',
      '<svg><![CDATA[><img src=x onerror=alert(1)>]]></svg>',
      '<!-- a --!><img src=x onerror=alert(1)>',
      '<!--><img src=x onerror=alert(1)>',
      '<a title="x>" onmouseover=alert(1)>',
      "<p title='\"' onclick=alert(1)>",
      '<script>"</script><img src=x onerror=alert(1)>"</script>',
      '<textarea></textarea ><img src=x onerror=alert(1)>',
      '<p =onclick=1 style="color:red" onclick=alert(1)>',
    ];
    for (const html of hostile) {
      const cleaned = withoutUnknownAttributes(html);
      // What a browser's parser makes of the cleaned text: no element has an attribute outside the list.
      const template = document.createElement('template');
      template.innerHTML = cleaned;
      for (const element of template.content.querySelectorAll('*')) {
        for (const attribute of element.getAttributeNames()) {
          expect(
            ['href', 'title', 'target', 'rel', 'class', 'colspan', 'rowspan'],
            `${html} -> ${cleaned}`,
          ).toContain(attribute);
        }
      }
      expect(cleaned).not.toMatch(/onerror|onclick|onmouseover|style=/i);
    }
  });

  it('keeps the allowed attributes and the words as written', () => {
    expect(
      withoutUnknownAttributes('<a href="Contact" target=_blank id=x>Ask &amp; us</a> 3 < 4 <td colspan=2>'),
    ).toBe('<a href="Contact" target="_blank">Ask &amp; us</a> 3 < 4 <td colspan="2">');
    expect(withoutUnknownAttributes('<a title=\'say "hi"\'>x</a><!-- note --><br/>')).toBe(
      '<a title="say &quot;hi&quot;">x</a><!-- note --><br>',
    );
  });
});
