import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { NOT_BUILT, NotBuiltPage } from './not-built-page';

describe('a page not built in this version', () => {
  it('says so plainly, names the page, promises nothing and offers nothing to create', () => {
    renderWithProviders(<NotBuiltPage product="ztna" page={NOT_BUILT.configTemplates} />);
    expect(screen.getByRole('heading', { name: 'Config Templates' })).toBeTruthy();
    expect(screen.getByText('Config Templates is not built in this version')).toBeTruthy();
    expect(screen.getByText('This version of Netloom does not have this page.')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/coming|soon|will|\.tsx?\b|\.md\b/i);
    expect(screen.queryByText(/Create your First/)).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
