import { PORTAL_ENV_ELEMENT_ID, scriptSafeJson } from '../../../contract/document';
import type { Config } from '../../platform/config';

/** The portal's run-time settings (src/providers/env.ts RawPortalEnv), from the configuration. */
export const portalEnvOf = ({
  brand,
  portalTitle,
  ipCountryUrl,
}: Pick<Config, 'brand' | 'portalTitle' | 'ipCountryUrl'>) => ({
  brand,
  portalTitle,
  ipCountryUrl,
});

/**
 * index.html as the server sends it: the run-time settings written into its head as a data block
 * (`type="application/json"`, never executed, so the CSP need not allow it), JSON-escaped so that no
 * value can close the element. Before `</head>`, else before `<body`, else at the end.
 */
export const renderPortalDocument = (html: string, env: unknown): string => {
  const block = `<script type="application/json" id="${PORTAL_ENV_ELEMENT_ID}">${scriptSafeJson(env)}</script>`;
  for (const marker of ['</head>', '<body']) {
    const at = html.indexOf(marker);
    if (at >= 0) return `${html.slice(0, at)}${block}\n${html.slice(at)}`;
  }
  return `${html}${block}\n`;
};
