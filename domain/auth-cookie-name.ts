/** The cookie that holds the sign-in token: the console writes it, the build's start-up script reads it. */
export const TOKEN_COOKIE = 'parking_token';
