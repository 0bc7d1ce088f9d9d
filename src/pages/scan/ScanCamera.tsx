// The scanner's camera (ScanPage.tsx): the back camera reading codes while no find is open (camera.ts),
// and its box: the picture with a frame to aim at, or why there is none with "Try again".
import VideocamOffOutlined from '@mui/icons-material/VideocamOffOutlined';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { type CameraProblem, type CodeScanner, problemOf, startScanner } from './camera';

const K = 'scanPages';

type Camera =
  | { status: 'starting' }
  | { status: 'on' }
  | { status: 'paused' }
  | { status: 'problem'; problem: CameraProblem };

/** The camera in `video` while `active`, calling `onCode` with each code read. */
export const useCamera = (
  video: React.RefObject<HTMLVideoElement | null>,
  active: boolean,
  onCode: (t: string) => void,
) => {
  const [camera, setCamera] = useState<Camera>({ status: active ? 'starting' : 'paused' });
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(onCode);
  latest.current = onCode;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is a "try again" trigger
  useEffect(() => {
    const element = video.current;
    if (!active || !element) {
      // a camera that is not there stays "not there" while a find is open
      setCamera((c) => (c.status === 'problem' ? c : { status: 'paused' }));
      return;
    }
    let scanner: CodeScanner | null = null;
    let cancelled = false;
    setCamera({ status: 'starting' });
    startScanner(element, (t) => latest.current(t))
      .then((s) => {
        if (cancelled) s.stop();
        else {
          scanner = s;
          setCamera({ status: 'on' });
        }
      })
      .catch((error: unknown) => {
        if (!cancelled) setCamera({ status: 'problem', problem: problemOf(error) });
      });
    return () => {
      cancelled = true;
      scanner?.stop();
    };
  }, [active, attempt, video]);
  return { camera, retry: () => setAttempt((n) => n + 1) };
};

/** The camera box: the picture with a frame to aim at, or why there is none. */
export const CameraBox = ({
  video,
  camera,
  onRetry,
  hidden,
}: {
  video: React.RefObject<HTMLVideoElement | null>;
  camera: Camera;
  onRetry: () => void;
  hidden: boolean;
}) => {
  const translate = useTranslate();
  const problem = camera.status === 'problem';
  return (
    <Box sx={{ display: hidden ? { xs: 'none', md: 'block' } : 'block' }}>
      {problem ? (
        <Alert
          severity="warning"
          icon={<VideocamOffOutlined />}
          role="status"
          action={
            <Button color="inherit" size="small" onClick={onRetry}>
              {translate(`${K}.camera.retry`)}
            </Button>
          }
        >
          {translate(`${K}.camera.${camera.problem}`)}
        </Alert>
      ) : null}
      <Box
        sx={{
          position: 'relative',
          width: '100%',
          aspectRatio: '4 / 3',
          bgcolor: 'grey.900',
          borderRadius: 3,
          overflow: 'hidden',
          display: problem ? 'none' : 'block',
        }}
      >
        <Box
          component="video"
          ref={video}
          muted
          playsInline
          autoPlay
          aria-label={translate(`${K}.camera.label`)}
          sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
        {/* where to hold the code */}
        <Box
          aria-hidden
          sx={{
            position: 'absolute',
            inset: '14% 22%',
            border: '3px solid rgba(255,255,255,0.85)',
            borderRadius: 2,
            boxShadow: '0 0 0 100vmax rgba(0,0,0,0.25)',
          }}
        />
        {camera.status !== 'on' ? (
          <Stack
            sx={{
              position: 'absolute',
              inset: 0,
              alignItems: 'center',
              justifyContent: 'center',
              color: '#fff',
            }}
            spacing={1}
          >
            {camera.status === 'starting' ? <CircularProgress color="inherit" size={28} /> : null}
            <Typography variant="body2">{translate(`${K}.camera.${camera.status}`)}</Typography>
          </Stack>
        ) : null}
      </Box>
    </Box>
  );
};
