// A member's profile as GET /members/{mobile} answers it (MemberProfilePage.tsx), and the titled
// section and the empty line its parts are drawn in.
import { Paper, Typography } from '@mui/material';
import type { MemberLevelRef } from '../../../contract/members';
import type { VoucherHistoryRow, VoucherRow } from '../vouchers/api';

interface LevelMove {
  id: number;
  fromLevelName: string | null;
  toLevelName: string | null;
  reason: string;
  measureValue: number;
  at: string;
}
export interface Standing {
  companyId: number;
  companyName: string;
  level: MemberLevelRef | null;
  stampsInWindow: number;
  visitsInWindow: number;
  completedCardsInWindow: number;
  firstVisitAt: string | null;
  lastVisitAt: string | null;
  levelHistory: LevelMove[];
}
export interface ProfileCard {
  id: number;
  stampCardId: number;
  title: string;
  stamps: number;
  stampsRequired: number;
  maxStampsPerTransaction: number | null;
  state: number;
  storeId: number | null;
  brandId: number | null;
}
export interface Push {
  id: number;
  pushId: number;
  title: string;
  body: string;
  state: string;
  at: string;
}
type HeldVoucher = VoucherRow & { history: VoucherHistoryRow[] };
export interface MemberProfile {
  member: { id: number; mobile: string; name: string | null; createTime: string };
  level: MemberLevelRef | null;
  firstVisitAt: string | null;
  lastVisitAt: string | null;
  standing: Standing[];
  cards: ProfileCard[];
  vouchers: Record<'AVAILABLE' | 'REDEEMED' | 'EXPIRED', HeldVoucher[]>;
  pushes: Push[];
}

export const Section = ({ title, children }: { title: string; children: React.ReactNode }) => (
  <Paper
    variant="outlined"
    component="section"
    aria-label={title}
    sx={{ p: { xs: 2, md: 2.5 }, borderRadius: 3 }}
  >
    <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
      {title}
    </Typography>
    {children}
  </Paper>
);

export const Empty = ({ text }: { text: string }) => (
  <Typography variant="body2" color="text.secondary">
    {text}
  </Typography>
);
