// Admin messages of issue 9 (admin-bookings). The admin stays Dutch; English for completeness. Keep keys prefixed "admin.".
const messages = {
};

export default messages;
