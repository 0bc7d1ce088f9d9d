// renderPage of ../pages/harness.tsx with the data provider the app builds (the declarations'
// endpoints: 'company' is GET /companies), which the hierarchy page's company picker lists through.
import type { ReactElement } from 'react';
import { type RenderPageOptions, renderPage } from '../pages/harness';

export const renderOrgPage = (page: ReactElement, options: RenderPageOptions) =>
  renderPage(page, { ...options, declaredPaths: true });
