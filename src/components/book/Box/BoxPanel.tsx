import * as Accordion from '@radix-ui/react-accordion';
import type { ReactNode } from 'react';
import './BoxPanel.css';

interface Props {
  /** The heading's id ('box-2'), so a link (and a search result) can point at the box. */
  id: string;
  /** 'Box N'. */
  label: string;
  title: string;
  children?: ReactNode;
}

/**
 * A collapsible box of background reading. The panel is always in the HTML (forceMount), so readers
 * without JavaScript and site search get its text; BoxPanel.css hides it while closed, except when
 * scripting is off and in print, where the heading is shown as words instead of the button.
 */
export default function BoxPanel({ id, label, title, children }: Props) {
  return (
    <Accordion.Root type="single" collapsible className="box">
      <Accordion.Item value="box" className="box__item">
        {/* data-pagefind-title names the search result 'Box 2: …' (the spans' text would run together). */}
        <Accordion.Header className="box__heading" id={id} data-pagefind-title={`${label}: ${title}`}>
          <Accordion.Trigger className="box__trigger" data-island-action="">
            <span className="box__label">{label}</span>
            <span className="box__title">{title}</span>
            <svg className="box__chevron" aria-hidden="true" viewBox="0 0 24 24" width="24" height="24">
              <path d="m6 9 6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </Accordion.Trigger>
          {/* Without scripting the box stays open: its heading is words, not a button that does nothing (BoxPanel.css). */}
          <span className="box__static" data-pagefind-ignore="">
            <span className="box__label">{label}</span>
            <span className="box__title">{title}</span>
          </span>
        </Accordion.Header>
        {/* A labelled <section> is a region natively; Radix's role="region" on a div would repeat it. */}
        <Accordion.Content forceMount asChild className="box__content" role={undefined}>
          <section>{children}</section>
        </Accordion.Content>
      </Accordion.Item>
    </Accordion.Root>
  );
}
