// A new stamp card programme: the generated create form (src/builders/GeneratedCreate.tsx), opened with
// the country's defaults from the main config: the price (GET /config/main/stamp-card/default-price)
// and the first default image (GET /config/main/stamp-card/default-images). A default that cannot be
// loaded is left out; the declaration's own defaults stand in.
import { LinearProgress } from '@mui/material';
import { useEffect, useState } from 'react';
import type { CreateProps } from 'react-admin';
import { GeneratedCreate } from '../../builders/GeneratedCreate';
import { useHttpClient } from '../../components/HttpClientContext';
import { fetchStampCardDefaults } from './api';

export const StampCardCreate = (props: Partial<CreateProps>) => {
  const http = useHttpClient();
  const [defaults, setDefaults] = useState<Record<string, unknown> | null>(null);
  useEffect(() => {
    let cancelled = false;
    fetchStampCardDefaults(http)
      .catch(() => ({}))
      .then((values) => {
        if (!cancelled) setDefaults(values);
      });
    return () => {
      cancelled = true;
    };
  }, [http]);
  // the form takes its initial values once, when it mounts: wait for them
  if (defaults === null) return <LinearProgress sx={{ mt: 2 }} />;
  return <GeneratedCreate record={defaults} {...props} resource="stampCard" />;
};
