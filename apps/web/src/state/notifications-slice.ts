import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type NotificationFlag = 'added' | 'already' | 'logout' | 'deleted' | 'emailNotFound';

export const notificationTexts = {
  added: 'Item has been added to Cart',
  already: 'Item already in Cart',
  logout: 'You have successfully logged out!',
  deleted: 'Item has been successfully deleted from Cart',
  emailNotFound: 'Invalid email',
} as const satisfies Record<NotificationFlag, string>;

type NotificationsState = Record<NotificationFlag, boolean>;

const initialState: NotificationsState = {
  added: false,
  already: false,
  logout: false,
  deleted: false,
  emailNotFound: false,
};

export const notificationsSlice = createSlice({
  name: 'notifications',
  initialState,
  reducers: {
    showNotification(state, action: PayloadAction<NotificationFlag>) {
      state[action.payload] = true;
    },
    hideNotifications: () => initialState,
  },
  selectors: {
    selectNotifications: (state) => state,
  },
});

export const { showNotification, hideNotifications } = notificationsSlice.actions;
export const { selectNotifications } = notificationsSlice.selectors;
