import { createFileRoute } from '@tanstack/react-router';
import { PunchClockPage } from '../../features/punch-clock/punch-clock-page';

export const Route = createFileRoute('/_app/punch-clock')({
  component: PunchClockPage,
});
