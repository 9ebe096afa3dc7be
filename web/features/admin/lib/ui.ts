import { messages } from '../../../messages/staff.ts';

/** Tables from here up; below it, lists of cards (the sidebar still takes 240 px above 640 px). */
export const WIDE_QUERY = '(min-width: 1024px)';

export const paginationLabels = {
  previous: messages.admin.common.previous,
  next: messages.admin.common.next,
  nav: messages.admin.common.pagination,
  showing: messages.admin.common.showing,
};
