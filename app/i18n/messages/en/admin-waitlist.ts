// Admin messages of issue 9 (admin-waitlist). The admin stays Dutch; English for completeness. Keep keys prefixed "admin.".
const messages = {
};

export default messages;
