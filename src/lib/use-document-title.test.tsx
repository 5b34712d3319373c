// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { appTitle, documentTitle, useDocumentTitle } from './use-document-title';

function Titled({ parts }: { parts: (string | undefined)[] }) {
  useDocumentTitle(...parts);
  return null;
}

afterEach(() => {
  document.title = '';
});

describe('documentTitle', () => {
  it('names the view and the location before the product', () => {
    expect(documentTitle('Occupancy', 'Main Concourse')).toBe('Occupancy · Main Concourse — Location analytics');
  });

  it('leaves out empty parts, and is the product name alone with none', () => {
    expect(documentTitle('Kiosk', undefined, '  ')).toBe('Kiosk — Location analytics');
    expect(documentTitle()).toBe(appTitle());
  });
});

describe('useDocumentTitle', () => {
  it('sets the tab title, follows changes, and gives the product name back on unmount', () => {
    const view = render(<Titled parts={['Utilization', undefined]} />);
    expect(document.title).toBe('Utilization — Location analytics');
    view.rerender(<Titled parts={['Utilization', 'Berlin office']} />);
    expect(document.title).toBe('Utilization · Berlin office — Location analytics');
    view.unmount();
    expect(document.title).toBe(appTitle());
  });

  it('moving from one titled page to another shows the new page’s title, not the product name', () => {
    const view = render(<Titled key="a" parts={['No such page']} />);
    view.rerender(<Titled key="b" parts={['Traffic', 'Hall 2']} />);
    expect(document.title).toBe('Traffic · Hall 2 — Location analytics');
  });
});
